import Glibc
@testable import KioskRuntime
import KioskTestSupport
import XCTest

final class SystemdNotifierTests: XCTestCase {
    private var listener: NotifySocketListener!

    override func setUpWithError() throws {
        listener = try NotifySocketListener()
        setenv("NOTIFY_SOCKET", listener.path, 1)
    }

    override func tearDown() {
        unsetenv("NOTIFY_SOCKET")
        unsetenv("WATCHDOG_USEC")
        unsetenv("WATCHDOG_PID")
        listener = nil
    }

    func testSendsTheNotifyProtocolMessagesInOrder() {
        let notifier = SystemdNotifier()
        notifier.ready(status: "Showing screen 1 of 3")
        notifier.status("Camera lost, showing pattern")
        notifier.watchdog()
        notifier.reloading()
        notifier.stopping()
        let messages = listener.receive()
        XCTAssertEqual(messages.count, 5)
        XCTAssertEqual(messages[0], "READY=1\nSTATUS=Showing screen 1 of 3")
        XCTAssertEqual(messages[1], "STATUS=Camera lost, showing pattern")
        XCTAssertEqual(messages[2], "WATCHDOG=1")
        XCTAssertTrue(messages[3].hasPrefix("RELOADING=1\nMONOTONIC_USEC="), messages[3])
        XCTAssertEqual(messages[4], "STOPPING=1\nSTATUS=Stopping")
    }

    func testReadsTheWatchdogTimeoutSystemdGives() {
        XCTAssertNil(SystemdNotifier().watchdogTimeout)
        setenv("WATCHDOG_USEC", "4000000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        XCTAssertEqual(SystemdNotifier().watchdogTimeout, 4.0)
    }
}
