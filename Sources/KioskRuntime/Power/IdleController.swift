import Logging

/// Carries out `[idle]`: goes back to the home screen after so long without a touch. When that
/// happens is `IdlePolicy`'s to decide; the panel's dimming and darkening are `PowerController`'s.
final class IdleController {
    /// The `[idle]` settings in force; set again after a reload.
    var policy: IdlePolicy {
        didSet { reschedule() }
    }
    /// Where the picture stands (home, elsewhere, a transition running).
    var place: () -> IdlePolicy.Place = { .home }
    /// Starts the animated return to the home screen; false when it was refused.
    var returnHome: () -> Bool = { false }

    private let clock: any DaemonClock
    private let logger: Logger
    private var timer: (any DaemonTimer)?
    private(set) var lastActivity: Double

    init(policy: IdlePolicy, clock: any DaemonClock, logger: Logger) {
        self.policy = policy
        self.clock = clock
        self.logger = logger
        lastActivity = clock.now
    }

    func start() throws {
        timer = try clock.makeTimer { [unowned self] in timerFired() }
        reschedule()
    }

    /// A touch arrived: the idle time starts again.
    func touched() {
        lastActivity = clock.now
        reschedule()
    }

    /// Arms the timer for the next `[idle]` action; call after touches and transitions.
    func reschedule() {
        guard let timer else { return }
        guard let deadline = policy.nextDeadline(lastActivity: lastActivity, place: place()) else {
            return timer.cancel()
        }
        timer.schedule(at: deadline)
    }

    private func timerFired() {
        let now = clock.now
        for action in policy.actionsDue(at: now, lastActivity: lastActivity, place: place()) {
            switch action {
            case .returnHome:
                if returnHome() {
                    logger.info("idle for \(Int(policy.returnHomeAfter)) s: back to the home screen")
                } else {
                    // Refused (a finger resting on the glass): try again a whole idle period later.
                    logger.info("idle for \(Int(policy.returnHomeAfter)) s: going home was refused; trying again later")
                    lastActivity = now
                }
            }
        }
        reschedule()
    }
}
