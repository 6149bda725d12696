import KioskConfig

/// `source = "command"`: the first line of the command's stdout, run every `interval` seconds in
/// a child process (never on the loop's time), killed at `timeout`. A failing run keeps the last
/// good text and is logged once per change of its error.
final class CommandFeed: ValueFeed {
    private let spec: CommandSpec
    private let loop: EventLoop
    private let clock: any DaemonClock
    private let set: (String) -> Void
    private let log: (String) -> Void
    private var timer: (any DaemonTimer)?
    private var running: ChildProcess?
    private var lastProblem: String?

    init(spec: CommandSpec, loop: EventLoop, clock: any DaemonClock, set: @escaping (String) -> Void,
         log: @escaping (String) -> Void) throws {
        self.spec = spec
        self.loop = loop
        self.clock = clock
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
            running = try ChildProcess(argv: spec.argv, timeout: spec.timeout, loop: loop, clock: clock) { [unowned self] outcome in
                running = nil
                finished(outcome)
            }
        } catch {
            report("\(error)")
        }
    }

    private func finished(_ outcome: ChildProcess.Outcome) {
        let command = spec.argv.joined(separator: " ")
        if outcome.timedOut {
            report("\(command): killed after its timeout of \(spec.timeout) s")
        } else if outcome.status != 0 {
            let detail = outcome.standardError.split(separator: "\n").first.map { ": \($0)" } ?? ""
            report("\(command): exit status \(outcome.status)\(detail)")
        } else {
            if lastProblem != nil { log("\(command) works again") }
            lastProblem = nil
            set(String(outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""))
        }
    }

    private func report(_ problem: String) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        log(problem)
    }
}
