/// Where the daemon tells its service manager how it is doing: systemd's notify protocol in a
/// service (`SystemdNotifier`), a recording fake in the in-process tests.
public protocol ServiceNotifier {
    /// How often the loop must prove it lives, in seconds (it pings at half this); nil: no watchdog.
    var watchdogTimeout: Double? { get }
    /// The first frame is on screen (again, after a reload), with the status line.
    func ready(status: String)
    /// A line a person reads in `systemctl status`.
    func status(_ text: String)
    /// Proof of life from the loop itself: a stuck loop stops sending these and gets restarted.
    func watchdog()
    /// A reload has begun; `ready(status:)` ends it.
    func reloading()
    /// The daemon is shutting down.
    func stopping()
}
