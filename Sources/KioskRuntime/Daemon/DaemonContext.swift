import Logging

/// What every part of a running daemon shares: its loop, its clock, its logs.
struct DaemonContext {
    let loop: EventLoop
    let clock: any DaemonClock
    let logger: Logger
    /// Kills what commands leave behind; the daemon is their child subreaper under `run`.
    let reaper: ChildReaper
    /// The JSON-lines events log of `--events-log`, if any.
    let eventsLog: EventsLog?
    /// When the daemon started, on `clock`: the events log counts from here.
    let startTime: Double

    /// `time` (on `clock`) as the events log's milliseconds since the start.
    func logTime(_ time: Double) -> Double {
        (time - startTime) * 1000
    }
}
