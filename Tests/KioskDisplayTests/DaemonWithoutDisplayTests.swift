import KioskConfig
import KioskEngine
@testable import KioskDisplay
@testable import KioskRuntime
import KioskTestFixtures
import KioskTestSupport
import XCTest

/// The whole daemon on the fake DRM card with nothing plugged in at start: READY, "no display
/// connected", controls working, and the panel lit with a whole frame when one is plugged in.
final class DaemonWithoutDisplayTests: XCTestCase {
    private var device: FakeDRMDevice!
    private var display: DRMDisplay!
    private var clock: ManualDaemonClock!
    private var notifier: FakeServiceNotifier!
    private var daemon: KioskDaemon!
    private let log = LogLines()

    override func setUpWithError() throws {
        TestFonts.pin()
        device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 64, height: 40, refreshRate: 60, isPreferred: true, index: 0)])
        device.connectors[1].isConnected = false
        clock = ManualDaemonClock(frameClock: ManualFrameClock(start: 1000))
        let clock = clock!
        display = try DRMDisplay(device: device, output: nil, bufferCount: 2, hotplug: nil, console: nil,
                                 now: { clock.now }, log: { [log] in log.append($0) },
                                 waiting: .init(width: 64, height: 40, refreshRate: 60))
        notifier = FakeServiceNotifier()
        let parts = DaemonParts(display: display, displayBackend: .drm, loop: try EventLoop(), clock: clock,
                                makeTouchSource: { _, _ in nil }, makeCameraFeed: { _, _ in nil },
                                backlightClassFolder: "/nonexistent/backlight", notifier: notifier)
        let configuration = try ConfigurationLoader.parse("""
            [camera]
            source = "none"
            [[screen]]
            name = "first"
            background = "#204060"
            [[screen]]
            name = "second"
            background = "#602040"
            """, fileName: "kiosk.toml").get()
        daemon = try KioskDaemon(configuration: configuration, configPath: nil, parts: parts, logger: log.logger)
        try daemon.start()
    }

    override func tearDown() {
        daemon?.shutDown()
    }

    func testStartsReadyWithNoDisplayConnectedAndLightsThePanelWhenOneIsPluggedIn() throws {
        guard case .ready(let status)? = notifier.notices.first(where: { if case .ready = $0 { true } else { false } }) else {
            return XCTFail("no READY: \(notifier.notices)")
        }
        XCTAssertTrue(status.contains("no display connected"), status)
        XCTAssertEqual(daemon.displayDescription, "no display connected (drm)", "what `ctl status` shows")
        XCTAssertEqual(device.flipCount, 0)
        XCTAssertEqual(daemon.pacer.composeTimes.count, 0, "nothing composed for no panel")
        XCTAssertEqual(device.buffers.count, 0, "nothing allocated for a panel that is not there")
        XCTAssertNil(display.nextTimerTick, "no ticks")

        // Controls work meanwhile: a screen change happens at once, with nothing to animate on.
        try daemon.goTo("second", animated: true)
        XCTAssertEqual(daemon.currentScreen, "second")
        XCTAssertFalse(daemon.isTransitioning)
        XCTAssertNil(display.nextTimerTick, "the frame clock does not spin while nothing is connected")
        XCTAssertEqual(daemon.pacer.composeTimes.count, 0)

        device.connectors[1].isConnected = true
        display.reprobe()
        XCTAssertEqual(device.calls.first, "setCrtc crtc=41 fb=100 connector=31 64x40")
        XCTAssertEqual(device.flipCount, 1, "a whole frame is composed and shown at once")
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 32, y: 20) & 0xFFFFFF, 0x602040, "the screen the kiosk is on")
        XCTAssertEqual(daemon.displayDescription, "drm 64x40@60")
        XCTAssertTrue(notifier.notices.contains(.status(daemon.status)), "\(notifier.notices)")

        device.connectors[1].isConnected = false
        display.reprobe()
        XCTAssertEqual(daemon.displayDescription, "no display connected (drm)")
        XCTAssertTrue(daemon.status.contains("no display connected"), daemon.status)
    }
}
