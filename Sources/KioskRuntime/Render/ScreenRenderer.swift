import KioskCamera
import KioskCompositor
import KioskConfig
import KioskEngine
import KioskOptions

/// Composes a configuration's screens at rest through the real compositor, as the panel shows them.
///
/// The camera is replaced by what it falls back to (its own pattern or picture for those sources),
/// taken at a fixed time, so the same config always gives the same pixels.
public struct ScreenRenderer {
    /// The configuration and the geometry it is composed at.
    public let root: SceneRoot
    public var configuration: KioskConfiguration { root.configuration }
    public var displayWidth: Int { root.geometry.panelSize.width }
    public var displayHeight: Int { root.geometry.panelSize.height }
    public var rotation: Rotation { root.geometry.rotation }
    /// Whether pictures are the display's buffer as scanned out (turned by the rotation) rather
    /// than upright, as a person at the panel sees them.
    public var scanout = false
    /// The background feed's time for every picture.
    public static let backgroundTime = 0.0

    /// - Parameters:
    ///   - size: overrides the display's size (else the `[display]` mode's, else its `size`).
    ///   - rotation: overrides `[display] rotation`.
    public init(configuration: KioskConfiguration, size: PixelSize? = nil, rotation: Rotation? = nil) {
        root = SceneRoot(configuration: configuration, size: size, rotation: rotation)
    }

    /// The renderer of the output `name` (`render --output`): the first output as `init(configuration:)`
    /// renders it; another its own deck at its own size and rotation, as the daemon lays it out.
    public init(configuration: KioskConfiguration, output name: String) throws {
        let outputs = configuration.display.outputs
        guard let index = outputs.firstIndex(where: { $0.connector == name }) else {
            throw RenderError.unknownOutput(name, available: outputs.map(\.connector))
        }
        guard index > 0 else {
            root = SceneRoot(configuration: configuration)
            return
        }
        let output = outputs[index]
        root = SceneRoot(configuration: configuration.deck(for: output),
                         geometry: SceneGeometry(panelSize: output.panelSize(default: configuration.display.size), rotation: output.rotation))
    }

    /// A compositor for this display and a scene on `screen` that has settled, on a virtual clock.
    public func makeScene(on screen: String) throws -> (compositor: Compositor, scene: KioskScene, clock: ManualFrameClock) {
        guard configuration.screens.contains(where: { $0.name == screen }) else {
            throw RenderError.unknownScreen(screen, available: configuration.screens.map(\.name))
        }
        let compositor = root.makeCompositor()
        let clock = ManualFrameClock(refreshInterval: 1 / configuration.display.refreshRate)
        let scene = try root.buildScene(frameClock: clock, initialScreen: screen)
        // At rest: whatever the scene animates on its own has finished.
        var ticks = 0
        while clock.wantsTicks, ticks < 600 {
            clock.tick()
            ticks += 1
        }
        return (compositor, scene, clock)
    }

    /// The background feed's source, nil when the config shows none.
    public func makeBackground() throws -> TimedFrameSource? {
        try root.makeTimedBackground()
    }

    /// The frame the panel shows on `screen` at rest: upright, or with `scanout` in display orientation.
    public func render(screen: String) throws -> PixelBuffer {
        let (compositor, scene, _) = try makeScene(on: screen)
        let videos = try Self.videoStills(of: scene, screens: [scene.container.selectedIndex], values: initialValues)
        compositor.render(root: scene.rootView, background: try makeBackground()?.frame(at: Self.backgroundTime), videos: videos)
        try Self.requireContent(compositor)
        return picture(of: compositor)
    }

    /// The compositor's last frame as this renderer writes pictures: upright, or as scanned out.
    public func picture(of compositor: Compositor) -> PixelBuffer {
        scanout ? compositor.output : compositor.upright
    }

    /// The first frame of each video element on `scene`'s `screens` (by index); throws when one
    /// cannot be played, since a render is a review of the config (the daemon shows a black box and logs it).
    /// Web pages on the shown screen are loaded by the web host and taken as drawn (`WebStills`).
    static func videoStills(of scene: KioskScene, screens: [Int], values: [String: String] = [:]) throws -> [ObjectIdentifier: PixelBuffer] {
        let stills = VideoStills(scene: scene, screens: screens)
        if !stills.failures.isEmpty { throw RenderError.contentNotDrawn(stills.failures) }
        let pages = WebStills(scene: scene, values: values)
        if !pages.failures.isEmpty { throw RenderError.contentNotDrawn(pages.failures) }
        return stills.frames.merging(pages.frames) { video, _ in video }
    }

    /// Each value's `initial` text: what placeholders show in a render.
    var initialValues: [String: String] {
        Dictionary(configuration.values.map { ($0.name, $0.initial) }) { first, _ in first }
    }

    /// Throws what could not be drawn (a picture that is missing or cannot be decoded): a render
    /// is a review of the config, so an empty element is an error there, where the daemon logs it
    /// and carries on.
    public static func requireContent(_ compositor: Compositor) throws {
        let errors = compositor.takeContentErrors()
        if !errors.isEmpty { throw RenderError.contentNotDrawn(errors) }
    }
}

/// Why `render` could not make a picture.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case unknownScreen(String, available: [String])
    case badSwipe(String)
    /// `--output` named no `[[display.output]]` connector.
    case unknownOutput(String, available: [String])
    /// Each line `FILE: why`.
    case contentNotDrawn([String])

    public var description: String {
        switch self {
        case .unknownScreen(let name, let available):
            "no screen named \"\(name)\"; the config has: \(available.joined(separator: ", "))"
        case .unknownOutput(let name, let available):
            "no output named \"\(name)\"; the config's [[display.output]] connectors: "
                + (available.isEmpty ? "none (the one display is [display])" : available.joined(separator: ", "))
        case .badSwipe(let text):
            "--swipe \"\(text)\" must be FROM:TO, two different screen names"
        case .contentNotDrawn(let errors):
            errors.joined(separator: "\n")
        }
    }
}
