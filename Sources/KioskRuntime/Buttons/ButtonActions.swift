import KioskConfig
import Logging

/// Carries out the presses of `signal` and `exec` buttons (a `screen` button's transition is the
/// scene's): a signal goes to the observers, a command runs in a child process, one run per
/// button at a time, and its exit status is logged and reported.
final class ButtonActions {
    private let context: DaemonContext
    /// The runs under way, by screen and button name.
    private var running: [String: ChildProcess] = [:]
    /// A `signal` button was pressed.
    var onSignal: (_ screen: String, _ button: String) -> Void = { _, _ in }
    /// An `mqtt` button was pressed: its payload is due on its topic.
    var onMqtt: (_ screen: String, _ button: String, _ topic: String, _ payload: String) -> Void = { _, _, _, _ in }
    /// An `exec` button's command ended with this status (128 + the signal when killed, 127 when it could not start).
    var onFinished: (_ screen: String, _ button: String, _ status: Int32) -> Void = { _, _, _ in }

    init(context: DaemonContext) {
        self.context = context
    }

    private var logger: Logger { context.logger }

    func press(_ button: ButtonElement, on screen: String) {
        let name = button.displayName
        switch button.action {
        case .screen:
            break
        case .signal:
            logger.info("button \"\(name)\" on \"\(screen)\" pressed: ButtonPressed")
            onSignal(screen, name)
        case .exec(let spec):
            run(spec, button: name, screen: screen)
        case .mqtt(let topic, let payload):
            logger.info("button \"\(name)\" on \"\(screen)\" pressed: publishing on \(topic)")
            onMqtt(screen, name, topic, payload)
        }
    }

    /// Kills the runs under way (the daemon stops).
    func stop() {
        running = [:]
    }

    private func run(_ spec: CommandSpec, button: String, screen: String) {
        let key = "\(screen)/\(button)"
        let command = spec.argv.joined(separator: " ")
        guard running[key] == nil else {
            return logger.notice("button \"\(button)\" on \"\(screen)\" pressed while \(command) still runs: ignored")
        }
        logger.info("button \"\(button)\" on \"\(screen)\" pressed: running \(command)")
        do {
            running[key] = try ChildProcess(argv: spec.argv, timeout: spec.timeout, loop: context.loop,
                                            clock: context.clock, reaper: context.reaper) { [unowned self] outcome in
                running[key] = nil
                let how = outcome.timedOut ? "was killed after its timeout of \(spec.timeout) s"
                    : outcome.outputCutOff ? "was killed for printing more than \(ChildProcess.outputLimit / 1024) KiB"
                    : "exited with status \(outcome.status)"
                if !outcome.killedDescendants.isEmpty {
                    logger.warning("button \"\(button)\": \(command) left processes behind; killed \(outcome.killedDescendants.joined(separator: ", "))")
                }
                let detail = outcome.standardError.split(separator: "\n").first.map { ": \($0)" } ?? ""
                if outcome.status == 0 {
                    logger.info("button \"\(button)\": \(command) \(how)")
                } else {
                    logger.warning("button \"\(button)\": \(command) \(how)\(detail)")
                }
                onFinished(screen, button, outcome.status)
            }
        } catch {
            logger.error("button \"\(button)\": \(error)")
            onFinished(screen, button, 127)
        }
    }
}
