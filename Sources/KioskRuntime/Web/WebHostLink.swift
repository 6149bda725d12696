import KioskWebProtocol

/// What the web host says to the daemon: a message (with the memfd a `buffers` brings, owned by
/// the receiver), or that the host is gone (its socket closed or it exited).
package enum WebHostSignal {
    case event(WebHostEvent, fileDescriptor: Int32?)
    case gone(reason: String)
}

/// The daemon's end of one running web host: the seam between `WebPages` and the
/// `swipe-kiosk-web` process (`WebHostProcess`), so fast tests put a fake host behind it.
package protocol WebHostLink: AnyObject {
    /// The host's process id (0 for a fake).
    var pid: Int32 { get }
    /// Sends a command without blocking; a full or closed socket drops it (the host is then
    /// restarted, which opens every page again).
    func send(_ command: WebHostCommand)
    /// Ends the host: closes the socket, then SIGTERM, then SIGKILL by `deadline` (monotonic
    /// seconds), and reaps it. Only for shutting down and restarting.
    func stop(deadline: Double)
}

/// Starts a web host whose messages go to `signal` (on the daemon's loop).
package typealias WebHostLauncher = (_ signal: @escaping (WebHostSignal) -> Void) throws -> any WebHostLink
