@testable import KioskRuntime

/// What the daemon told its service manager, in order, behind the same protocol as
/// `SystemdNotifier`: the in-process tests check READY, WATCHDOG, RELOADING and STOPPING on the
/// manual clock.
package final class FakeServiceNotifier: ServiceNotifier {
    package enum Notice: Equatable {
        case ready(status: String)
        case status(String)
        case watchdog
        case reloading
        case stopping
    }

    package private(set) var notices: [Notice] = []
    /// What systemd's WatchdogSec= would be; nil: no watchdog.
    package var watchdogTimeout: Double?

    package init(watchdogTimeout: Double? = nil) {
        self.watchdogTimeout = watchdogTimeout
    }

    package func ready(status: String) { notices.append(.ready(status: status)) }
    package func status(_ text: String) { notices.append(.status(text)) }
    package func watchdog() { notices.append(.watchdog) }
    package func reloading() { notices.append(.reloading) }
    package func stopping() { notices.append(.stopping) }

    /// The notices after the first `count`, for checking what one step added.
    package func notices(after count: Int) -> ArraySlice<Notice> { notices.dropFirst(count) }
    /// How many WATCHDOG=1 were sent.
    package var watchdogCount: Int { notices.filter { $0 == .watchdog }.count }
}
