import KioskDisplay
import Logging

/// Carries out `[idle]`: goes back to the home screen and blanks the panel after so long without
/// a touch, and wakes the panel again. When things happen is `IdlePolicy`'s to decide.
final class IdleController {
    /// The `[idle]` settings in force; set again after a reload.
    var policy: IdlePolicy {
        didSet { reschedule() }
    }
    /// Where the picture stands (home, elsewhere, a transition running).
    var place: () -> IdlePolicy.Place = { .home }
    /// Starts the animated return to the home screen; false when it was refused.
    var returnHome: () -> Bool = { false }
    /// The panel went dark (true) or lit again (false).
    var onBlankedChanged: (Bool) -> Void = { _ in }

    private let display: any Display
    private let clock: any DaemonClock
    private let logger: Logger
    private var timer: (any DaemonTimer)?
    private(set) var isBlanked = false
    private(set) var lastActivity: Double
    /// When the panel last woke; touches landing just after belong to the hand that woke it.
    private(set) var wokeAt = -Double.infinity

    init(policy: IdlePolicy, display: any Display, clock: any DaemonClock, logger: Logger) {
        self.policy = policy
        self.display = display
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
        guard let deadline = policy.nextDeadline(lastActivity: lastActivity, place: place(), blanked: isBlanked) else {
            return timer.cancel()
        }
        timer.schedule(at: deadline)
    }

    /// Turns the panel off (DPMS); `reason` ends the log line.
    func blank(reason: String) {
        guard !isBlanked else { return }
        do {
            try display.setPowerSaving(true)
        } catch {
            logger.warning("cannot blank the panel: \(error)")
            return
        }
        isBlanked = true
        logger.info("panel blanked \(reason)")
        onBlankedChanged(true)
        reschedule()
    }

    /// Turns the panel back on; `reason` ends the log line.
    func wake(reason: String) {
        guard isBlanked else { return }
        isBlanked = false
        wokeAt = clock.now
        lastActivity = wokeAt
        do {
            try display.setPowerSaving(false)
        } catch {
            logger.warning("cannot wake the panel: \(error)")
        }
        logger.info("panel woken \(reason)")
        onBlankedChanged(false)
        reschedule()
    }

    private func timerFired() {
        let now = clock.now
        for action in policy.actionsDue(at: now, lastActivity: lastActivity, place: place(), blanked: isBlanked) {
            switch action {
            case .returnHome:
                if returnHome() {
                    logger.info("idle for \(Int(policy.returnHomeAfter)) s: back to the home screen")
                } else {
                    // Refused (a finger resting on the glass): try again a whole idle period later.
                    logger.info("idle for \(Int(policy.returnHomeAfter)) s: going home was refused; trying again later")
                    lastActivity = now
                }
            case .blank:
                blank(reason: "after \(Int(policy.blankAfter)) s idle, until the next touch")
            }
        }
        reschedule()
    }
}
