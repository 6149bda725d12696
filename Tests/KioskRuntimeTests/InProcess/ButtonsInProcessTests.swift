import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// On-screen buttons on the whole daemon in-process: presses, the pressed look, confirm-ms,
/// swipes that start on a button (exec runs: ButtonCommandsProcessTests).
final class ButtonsInProcessTests: XCTestCase {
    private final class Presses: KioskDaemonObserver {
        var pressed: [String] = []
        func buttonPressed(screen: String, button: String) { pressed.append("\(screen)/\(button)") }
    }

    private let centre = Point(x: 160, y: 100)
    private var presses = Presses()

    private func kiosk(_ button: String) throws -> DaemonHarness {
        let kiosk = try DaemonHarness(config: DaemonHarness.buttonScreenConfig(button: button))
        kiosk.daemon.addObserver(presses)
        kiosk.settle()
        return kiosk
    }

    private func buttonView(_ kiosk: DaemonHarness) -> View? {
        var found: View?
        // The home screen's own tree: it may be off screen after a swipe.
        kiosk.daemon.sceneHost.container.screens[0].view.forEachInTree { if $0.name == "button" { found = $0 } }
        return found
    }

    func testATapOnASignalButtonEmitsButtonPressedOnce() throws {
        let kiosk = try kiosk("name = \"bell\"\naction = \"signal\"")
        try kiosk.press(at: centre)
        XCTAssertEqual(presses.pressed, ["home/bell"])
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
    }

    func testAButtonOnAScreenReachedByGoToIsPressedByATap() throws {
        let kiosk = try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [[screen]]
            name = "home"
            [[screen]]
            name = "second"
              [[screen.element]]
              type = "button"
              name = "door"
              title = "Door"
              x = 10
              y = 10
              width = 80
              height = 30
              action = "signal"
            """)
        kiosk.daemon.addObserver(presses)
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: true)
        kiosk.settle()
        kiosk.frames(30)
        try kiosk.press(at: Point(x: 50, y: 25))
        XCTAssertEqual(presses.pressed, ["second/door"])
        // A quick tap whose landing and lifting arrive in one read, as a busy loop sees them.
        let now = kiosk.clock.now
        try kiosk.send([TouchEvent(id: 9, phase: .began, location: Point(x: 50, y: 25), time: now - 0.02),
                        TouchEvent(id: 9, phase: .ended, location: Point(x: 50, y: 25), time: now)])
        kiosk.settle()
        XCTAssertEqual(presses.pressed, ["second/door", "second/door"])
    }

    func testASwipeThatStartsOnAButtonPressesNothingAndStillSwipes() throws {
        let kiosk = try kiosk("name = \"bell\"\naction = \"signal\"")
        try kiosk.drag(from: Point(x: 250, y: 100), to: Point(x: 20, y: 100))
        kiosk.settle()
        XCTAssertEqual(presses.pressed, [], "a swipe presses nothing")
        XCTAssertEqual(kiosk.daemon.currentScreen, "second", "the swipe went on to the next screen")
        XCTAssertEqual(buttonView(kiosk)?.backgroundColor, Color(hex: "#0080ff"), "the pressed look went with the swipe")
    }

    func testTheButtonLooksPressedWhileTheFingerIsOnIt() throws {
        let kiosk = try kiosk("name = \"bell\"\naction = \"signal\"")
        let normal = try XCTUnwrap(buttonView(kiosk)?.backgroundColor)
        try kiosk.send([TouchEvent(id: 1, phase: .began, location: centre, time: kiosk.clock.now)])
        kiosk.frame()
        let pressed = try XCTUnwrap(buttonView(kiosk)?.backgroundColor)
        XCTAssertLessThan(pressed.blue, normal.blue, "darker while pressed")
        let pixel = kiosk.display.lastFrame[160, 65] & 0xFF_FFFF
        XCTAssertLessThan(Double(pixel & 0xFF) / 255, normal.blue - 0.1, "the screen shows it: \(String(pixel, radix: 16))")
        try kiosk.send([TouchEvent(id: 1, phase: .ended, location: centre, time: kiosk.clock.now + 0.05)])
        kiosk.settle()
        XCTAssertEqual(buttonView(kiosk)?.backgroundColor, normal)
    }

    func testConfirmMillisecondsIgnoresABrushAndTakesAHold() throws {
        let kiosk = try kiosk("name = \"door\"\naction = \"signal\"\nconfirm-ms = 800")
        try kiosk.press(at: centre, holding: 0.2)
        XCTAssertEqual(presses.pressed, [], "a brush shorter than confirm-ms does nothing")
        try kiosk.press(at: centre, holding: 1.0, id: 2)
        XCTAssertEqual(presses.pressed, ["home/door"])
    }
}
