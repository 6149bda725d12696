import KioskConfig

/// `source = "command"`: the first line of the command's stdout, run every `interval` seconds in
/// a child process (never on the loop's time), killed at `timeout`. A failing run keeps the last
/// good text and each of its problems is logged once until a run succeeds again.
final class CommandFeed: ValueFeed {
    private let spec: CommandSpec
    private let loop: EventLoop
    private let clock: any DaemonClock
    private let reaper: ChildReaper
    private let set: (String) -> Void
    private let log: (String) -> Void
    private var timer: (any DaemonTimer)?
    private var running: ChildProcess?
    /// Problems logged since the last good run: a run that is cut and then too long (a changing
    /// 64 KB line) must not log both again at every interval.
    private var reported: Set<String> = []
    /// Processes left behind by a run were reported (they are killed at every run regardless).
    private var reportedLeftovers = false

    init(spec: CommandSpec, loop: EventLoop, clock: any DaemonClock, reaper: ChildReaper, set: @escaping (String) -> Void,
         log: @escaping (String) -> Void) throws {
        self.spec = spec
        self.loop = loop
        self.clock = clock
        self.reaper = reaper
        self.set = set
        self.log = log
        timer = try clock.makeTimer { [unowned self] in run() }
        timer?.schedule(at: clock.now, repeatingEvery: spec.interval)
    }

    deinit { timer?.cancel() }

    private func run() {
        // A run still going when the next is due is left to its timeout.
        guard running == nil else { return }
        do {
            running = try ChildProcess(argv: spec.argv, timeout: spec.timeout, loop: loop, clock: clock, reaper: reaper) { [unowned self] outcome in
                running = nil
                finished(outcome)
            }
        } catch {
            report("\(error)")
        }
    }

    private func finished(_ outcome: ChildProcess.Outcome) {
        let command = spec.argv.joined(separator: " ")
        if !outcome.killedDescendants.isEmpty && !reportedLeftovers {
            // Once: a command that leaves a process behind does it at every run, every interval.
            reportedLeftovers = true
            log("\(command) left processes behind; killed \(outcome.killedDescendants.joined(separator: ", "))"
                + "; later runs' leftovers are killed the same way, without a line each")
        }
        if outcome.outputCutOff {
            report("\(command): printed more than \(ChildProcess.outputLimit / 1024) KiB; killed, its first line is shown")
            show(outcome.standardOutput)
        } else if outcome.timedOut {
            report("\(command): killed after its timeout of \(spec.timeout) s")
        } else if outcome.status != 0 {
            let detail = outcome.standardError.split(separator: "\n").first.map { ": \($0)" } ?? ""
            report("\(command): exit status \(outcome.status)\(detail)")
        } else {
            if !reported.isEmpty { log("\(command) works again") }
            reported = []
            show(outcome.standardOutput)
        }
    }

    /// Shows the output's first line, cut to `ValueTextLimit.bytes` with a warning (once).
    private func show(_ output: String) {
        let line = output.prefix { $0 != "\n" && $0 != "\r\n" }
        let (text, cut) = ValueTextLimit.truncating(line)
        if cut { report("\(spec.argv.joined(separator: " ")): its first line is longer than the \(ValueTextLimit.bytes) bytes a value holds; it is cut") }
        set(text)
    }

    private func report(_ problem: String) {
        guard reported.insert(problem).inserted else { return }
        log(problem)
    }
}
