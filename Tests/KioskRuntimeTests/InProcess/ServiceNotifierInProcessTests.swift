import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// What the daemon tells systemd (Type=notify), through the injected notifier on the manual clock:
/// READY with the first frame, WATCHDOG at half the timeout while awake and while dark, RELOADING
/// then READY around every reload (applied or rejected), STOPPING at shutdown. The real
/// NOTIFY_SOCKET protocol is SystemdNotifierTests'; the real binary's is DaemonProcessTests'.
final class ServiceNotifierInProcessTests: XCTestCase {
    private static let config = """
        home = "second"
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [[screen]]
        name = "first"
        background = "#102030"
        [[screen]]
        name = "second"
        background = "#d01010"
        """

    func testReportsReadyWithTheFirstFrameAndStoppingAtShutdown() throws {
        let kiosk = try DaemonHarness(config: Self.config)
        XCTAssertEqual(kiosk.notifier.notices, [.status("Starting"), .ready(status: #"Screen "second" (2 of 2); 320x200@60; touch: 0 device(s)"#)])
        XCTAssertNotNil(kiosk.daemon.lastFrame, "READY is sent once the first frame is drawn")
        kiosk.daemon.shutDown()
        XCTAssertEqual(kiosk.notifier.notices.last, .stopping)
    }

    func testWithoutAWatchdogNothingPings() throws {
        let kiosk = try DaemonHarness(config: Self.config)
        kiosk.clock.advance(to: kiosk.clock.now + 10)
        XCTAssertEqual(kiosk.notifier.watchdogCount, 0)
    }

    func testPingsTheWatchdogAtHalfItsTimeout() throws {
        let kiosk = try DaemonHarness(config: Self.config, watchdogTimeout: 0.4)
        let start = kiosk.clock.now
        kiosk.clock.advance(to: start + 0.19)
        XCTAssertEqual(kiosk.notifier.watchdogCount, 0, "the first ping is due at half the timeout")
        kiosk.clock.advance(to: start + 0.2)
        XCTAssertEqual(kiosk.notifier.watchdogCount, 1)
        kiosk.clock.advance(to: start + 1.01)
        XCTAssertEqual(kiosk.notifier.watchdogCount, 5, "every 0.2 s")
    }

    func testKeepsPingingTheWatchdogWhileThePanelIsDark() throws {
        let kiosk = try DaemonHarness(config: Self.config + "\n[power]\nblank-after = 0.5\n", watchdogTimeout: 0.4)
        kiosk.clock.advance(to: kiosk.clock.now + 1)
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        let before = kiosk.notifier.watchdogCount
        kiosk.clock.advance(to: kiosk.clock.now + 1)
        // Dark, nothing is composed, but the loop still runs: systemd must not restart it.
        XCTAssertEqual(kiosk.notifier.watchdogCount - before, 5, "pings while dark")
    }

    func testEveryReloadSaysReloadingThenReadyWithWhatRuns() throws {
        let kiosk = try DaemonHarness(config: Self.config)
        // A good config: a screen added in front; "second" is still shown.
        try kiosk.rewriteConfig(Self.config.replacingOccurrences(of: "[[screen]]\nname = \"first\"",
                                                                  with: "[[screen]]\nname = \"zero\"\n[[screen]]\nname = \"first\""))
        var count = kiosk.notifier.notices.count
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(Array(kiosk.notifier.notices(after: count)), [.reloading, .ready(status: #"Screen "second" (3 of 3); 320x200@60; touch: 0 device(s)"#)])

        // A broken config: rejected, the running one (3 screens) stays, and systemd still hears READY.
        try kiosk.rewriteConfig("[display]\nbackend = \"drmm\"\n")
        count = kiosk.notifier.notices.count
        XCTAssertNotEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(Array(kiosk.notifier.notices(after: count)), [.reloading, .ready(status: #"Screen "second" (3 of 3); 320x200@60; touch: 0 device(s)"#)])
    }
}
