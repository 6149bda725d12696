import KioskEngine
import KioskOptions
import XCTest
@testable import KioskConfig

final class ModelTests: XCTestCase {
    func testEmptyFileIsOneTransparentScreenOverThePattern() throws {
        let configuration = try XCTUnwrap(loadValid(""))
        XCTAssertEqual(configuration.screens, [ScreenConfiguration(name: "home", background: .transparent)])
        XCTAssertEqual(configuration.home, "home")
        XCTAssertEqual(configuration.camera.source, .pattern)
        XCTAssertEqual(configuration.display.backend, .auto)
        XCTAssertNil(configuration.display.mode)
        XCTAssertEqual(configuration.display.size, PixelSize(width: 1280, height: 800))
        XCTAssertEqual(configuration.transition.style, .overlap)
        XCTAssertEqual(configuration.transition.duration, 0.33)
        XCTAssertEqual(configuration.transition.finishProgress, 0.5)
        XCTAssertEqual(configuration, KioskConfiguration())
    }

    func testAcceptanceSnippet() throws {
        let configuration = try XCTUnwrap(loadValid("""
        [display]
        backend = "drm"          # auto | drm | fbdev | headless
        mode = "800x600"         # WxH or WxH@Hz; omitted: the connector's preferred mode
        [camera]
        source = "v4l2"          # v4l2 | pattern | image | none
        device = "/dev/video0"
        [transition]
        style = "overlap"
        duration = 0.33          # seconds
        [[screen]]
        name = "camera"
        background = "transparent"   # or a colour "#RRGGBB" / "#RRGGBBAA"
        [[screen]]
        name = "red"
        background = "#d01010"
        """))
        XCTAssertEqual(configuration.display.backend, .drm)
        XCTAssertEqual(configuration.display.mode, ModeRequest(size: PixelSize(width: 800, height: 600)))
        XCTAssertEqual(configuration.camera.source, .v4l2)
        XCTAssertEqual(configuration.camera.device, "/dev/video0")
        XCTAssertEqual(configuration.transition.style, .overlap)
        XCTAssertEqual(configuration.transition.duration, 0.33)
        XCTAssertEqual(configuration.screens.map(\.name), ["camera", "red"])
        XCTAssertEqual(configuration.screens[0].background, .transparent)
        XCTAssertEqual(configuration.screens[1].background, .color(Color(r: 0xd0, g: 0x10, b: 0x10)))
        XCTAssertEqual(configuration.home, "camera")
        XCTAssertEqual(ConfigurationCheck.describe(configuration),
                       "2 screens, display drm 800x600, camera v4l2 /dev/video0, transition overlap 0.33 s")
    }

    func testModeWithRefreshRateAndTranslucentBackground() throws {
        let configuration = try XCTUnwrap(loadValid("""
        [display]
        mode = "1920x1080@59.94"
        rotation = 270
        [[screen]]
        name = "a"
        background = "#00000080"
        """))
        XCTAssertEqual(configuration.display.mode?.size, PixelSize(width: 1920, height: 1080))
        XCTAssertEqual(configuration.display.mode?.refreshRate, 59.94)
        XCTAssertEqual(configuration.display.rotation, .clockwise270)
        XCTAssertEqual(configuration.screens[0].background, .color(Color(r: 0, g: 0, b: 0, a: 0x80)))
        XCTAssertNil(ModeRequest(parsing: "800x600@"))
        XCTAssertNil(ModeRequest(parsing: "0x600"))
        XCTAssertNil(ModeRequest(parsing: "800x600x2"))
    }

    func testEveryElementTypeParses() throws {
        let configuration = try XCTUnwrap(loadValid("""
        [[screen]]
        name = "all"
          [[screen.element]]
          type = "color"
          x = 10
          y = 20
          width = 30
          height = 40
          color = "#ff000080"
          corner-radius = 5
          [[screen.element]]
          type = "gradient"
          colors = ["#ffffff", "#6dd5fa", "#2980b9"]
          direction = "horizontal"
          [[screen.element]]
          type = "image"
          path = "/srv/logo.png"
          fit = "cover"
          opacity = 0.5
          [[screen.element]]
          type = "text"
          text = "Hello"
          font-size = 40
          weight = "bold"
          align = "right"
          color = "#000000"
          [[screen.element]]
          type = "card"
          colors = ["#ffffff", "#6dd5fa"]
          corner-radius = 30
          title = "Title"
          text = "Body"
          text-color = "#112233"
          shadow = false
          [[screen.element]]
          type = "scroll"
          content-height = 3000
          deceleration = 0.99
            [[screen.element.content]]
            type = "text"
            y = 2900
            text = "Bottom"
          [[screen.element]]
          type = "button"
          title = "Again"
          target = "all"
          color = "#00ff00"
        """))
        let elements = configuration.screens[0].elements
        XCTAssertEqual(elements.map(\.kind.type), [.color, .gradient, .image, .text, .card, .scroll, .button])
        XCTAssertEqual(elements[0].frame, ElementFrame(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(elements[0].kind, .color(ColorElement(color: Color(r: 255, g: 0, b: 0, a: 128), cornerRadius: 5)))
        XCTAssertEqual(elements[1].kind, .gradient(GradientElement(
            colors: [.white, Color(r: 109, g: 213, b: 250), Color(r: 41, g: 128, b: 185)], direction: .horizontal)))
        XCTAssertEqual(elements[2].kind, .image(ImageElement(path: "/srv/logo.png", fit: .cover)))
        XCTAssertEqual(elements[2].opacity, 0.5)
        XCTAssertEqual(elements[3].kind, .text(TextElement(text: "Hello", style: TextStyle(
            size: 40, weight: .bold, color: .black, alignment: .right))))
        guard case .card(let card) = elements[4].kind else { return XCTFail("not a card") }
        XCTAssertEqual(card.colors, [.white, Color(r: 109, g: 213, b: 250)])
        XCTAssertEqual(card.cornerRadius, 30)
        XCTAssertEqual(card.title, "Title")
        XCTAssertEqual(card.text, "Body")
        XCTAssertEqual(card.textStyle.color, Color(r: 0x11, g: 0x22, b: 0x33))
        XCTAssertEqual(card.titleStyle.color, Color(r: 0x11, g: 0x22, b: 0x33))
        XCTAssertFalse(card.shadow)
        guard case .scroll(let scroll) = elements[5].kind else { return XCTFail("not a scroll") }
        XCTAssertEqual(scroll.contentHeight, 3000)
        XCTAssertEqual(scroll.deceleration, 0.99)
        XCTAssertEqual(scroll.content.map(\.frame.y), [2900])
        guard case .button(let button) = elements[6].kind else { return XCTFail("not a button") }
        XCTAssertEqual(button.target, "all")
        XCTAssertEqual(button.title, "Again")
        XCTAssertEqual(button.color, Color(r: 0, g: 255, b: 0))
    }

    func testOpenFrameSidesStretchToTheContainer() {
        let frame = ElementFrame(x: 100, y: 50, width: nil, height: 20)
        XCTAssertEqual(frame.rect(in: Size(width: 800, height: 600)), Rect(x: 100, y: 50, width: 700, height: 20))
    }

    func testInputCalibrationParses() throws {
        let configuration = try XCTUnwrap(loadValid("""
        [input]
        devices = ["/dev/input/event3"]
        grab = false
          [[input.device]]
          match = "ILITEK ILITEK-TP"
          rotation = 90
          swap-xy = true
          invert-y = true
          min-x = 20
          max-x = 4000
          matrix = [0, 1, 0, -1, 0, 1]
        """))
        XCTAssertEqual(configuration.input.devices, ["/dev/input/event3"])
        XCTAssertFalse(configuration.input.grab)
        let device = try XCTUnwrap(configuration.input.calibrations.first)
        XCTAssertEqual(device.match, "ILITEK ILITEK-TP")
        XCTAssertEqual(device.rotation, .clockwise90)
        XCTAssertTrue(device.swapXY)
        XCTAssertFalse(device.invertX)
        XCTAssertTrue(device.invertY)
        XCTAssertEqual(device.minX, 20)
        XCTAssertEqual(device.maxX, 4000)
        XCTAssertNil(device.minY)
        XCTAssertEqual(device.matrix, [0, 1, 0, -1, 0, 1])
    }

    func testTabsDefaultToOnePerScreen() throws {
        let configuration = try XCTUnwrap(loadValid("""
        home = "b"
        [tabs]
        enabled = true
        [[screen]]
        name = "a"
        title = "First"
        [[screen]]
        name = "b"
        """))
        XCTAssertEqual(configuration.homeScreen.name, "b")
        XCTAssertTrue(configuration.tabs.enabled)
        XCTAssertEqual(configuration.effectiveTabs, [TabConfiguration(screen: "a"), TabConfiguration(screen: "b")])
        XCTAssertEqual(configuration.screens.map(\.displayTitle), ["First", "b"])
    }

    func testIntegersAreAcceptedWhereNumbersAre() throws {
        let configuration = try XCTUnwrap(loadValid("[transition]\nduration = 1\n[idle]\nreturn-home-after = 60\n"))
        XCTAssertEqual(configuration.transition.duration, 1)
        XCTAssertEqual(configuration.idle.returnHomeAfter, 60)
    }

    func testBuiltInDemoParsesCleanly() throws {
        guard case .success(let demo) = ConfigurationLoader.parse(DemoConfiguration.toml, fileName: "<demo>") else {
            return XCTFail("the demo must load")
        }
        XCTAssertEqual(demo.screens.map(\.name), ["camera", "card", "red"])
        XCTAssertEqual(demo.screens[0].background, .transparent)
        XCTAssertEqual(demo.screens[2].background, .color(Color(r: 0xd0, g: 0x10, b: 0x10)))
        XCTAssertEqual(demo.display.backend, .headless)
        XCTAssertEqual(demo.display.size, PixelSize(width: 1280, height: 800))
        XCTAssertEqual(demo.camera.source, .pattern)
        XCTAssertEqual(demo.transition.style, .overlap)
        XCTAssertEqual(demo.transition.duration, 0.33)
        guard case .card(let card) = demo.screens[1].elements.first?.kind else { return XCTFail("no card") }
        XCTAssertEqual(card.colors, [.white, Color(r: 109, g: 213, b: 250), Color(r: 41, g: 128, b: 185)])
        XCTAssertNotNil(card.title)
        XCTAssertEqual(DemoConfiguration.configuration, demo)
    }

    func testDemoFileMatchesTheBuiltInDemo() throws {
        let file = try String(contentsOfFile: repositoryConfigFile("demo.toml"), encoding: .utf8)
        XCTAssertEqual(file, DemoConfiguration.toml + "\n")
    }

    func testExampleFileParsesAndDocumentsTheDefaults() throws {
        guard case .success(let example) = ConfigurationLoader.load(path: repositoryConfigFile("kiosk.toml")) else {
            let result = ConfigurationLoader.load(path: repositoryConfigFile("kiosk.toml"))
            return XCTFail("Config/kiosk.toml must load: \(result)")
        }
        let defaults = KioskConfiguration()
        XCTAssertEqual(example.display, defaults.display)
        XCTAssertEqual(example.input, defaults.input)
        XCTAssertEqual(example.camera, defaults.camera)
        XCTAssertEqual(example.transition, defaults.transition)
        XCTAssertEqual(example.background, defaults.background)
        XCTAssertEqual(example.indicator, defaults.indicator)
        XCTAssertEqual(example.tabs, defaults.tabs)
        XCTAssertEqual(example.idle, defaults.idle)
        XCTAssertEqual(example.control, defaults.control)
        XCTAssertEqual(example.metrics, defaults.metrics)
        XCTAssertEqual(example.power, defaults.power)
        XCTAssertEqual(example.warnings, [], "the example uses no deprecated key")
        // Video and web elements are commented out there (their files must exist); VideoElementConfigTests
        // and WebElementConfigTests check their keys.
        XCTAssertEqual(Set(example.screens.flatMap(\.elements).map(\.kind.type)), Set(ElementType.allCases).subtracting([.video, .web]))
    }
}
