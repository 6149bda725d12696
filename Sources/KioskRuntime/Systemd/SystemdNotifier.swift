import CSystemd
import KioskEngine
import Glibc

/// Tells systemd how the service is doing (Type=notify) through libsystemd's sd_notify.
///
/// Without NOTIFY_SOCKET (run from a terminal) every call is a no-op, as sd_notify itself is.
public struct SystemdNotifier: ServiceNotifier {
    public init() {}

    /// The WatchdogSec= systemd set for us, in seconds; nil when the watchdog is off.
    public var watchdogTimeout: Double? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return Double(microseconds) / 1_000_000
    }

    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    public func status(_ text: String) { send("STATUS=\(text)") }
    public func watchdog() { send("WATCHDOG=1") }
    public func reloading() {
        send("RELOADING=1\nMONOTONIC_USEC=\(UInt64(MonotonicClock.now() * 1_000_000))\nSTATUS=Reloading configuration")
    }
    public func stopping() { send("STOPPING=1\nSTATUS=Stopping") }

    private func send(_ state: String) {
        _ = sd_notify(0, state)
    }
}
