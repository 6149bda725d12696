/// Drives an animated transition from a gesture's progress, then completes or cancels it on
/// frame-clock ticks: the original design's percent-driven interactive transition.
///
/// While the finger moves, `update(_:)` scrubs the transition's property animator; `finish` and
/// `cancel` hand it back to the animator, which runs the rest through a display link of the frame
/// clock at `completionSpeed` along `completionCurve`. A spring curve starts at the release
/// velocity. `pause()` catches a completing transition so a finger can drive it again.
public final class PercentDrivenInteractiveTransition {
    public enum Phase: String, Hashable, Sendable {
        /// No transition.
        case idle
        /// Paused, following `update(_:)`.
        case interactive
        /// Running toward its end or its start on its own.
        case completing
    }

    /// The animated transition it drives.
    public let animator: TransitionAnimator
    /// How many times faster than the transition's own duration the completion runs.
    public private(set) var completionSpeed = 1.0
    /// The curve of the completion after release; a spring starts at the release velocity.
    public var completionCurve: TimingCurve = .linear
    /// The transition being driven (or last driven).
    public private(set) var context: TransitionContext?
    private var propertyAnimator: PropertyAnimator?

    public init(animator: TransitionAnimator) {
        self.animator = animator
    }

    /// Rejects a speed <= 0, which would never complete (or would run backwards).
    public func setCompletionSpeed(_ speed: Double) throws {
        guard speed > 0, speed.isFinite else { throw InteractiveTransitionError.invalidCompletionSpeed(speed) }
        completionSpeed = speed
    }

    /// Derived from the context and its animator, so it is right in every callback.
    public var phase: Phase {
        guard let context, !context.isCompleted, let propertyAnimator, propertyAnimator.state != .inactive else { return .idle }
        return propertyAnimator.isRunning ? .completing : .interactive
    }

    /// The transition's progress, 0 at its start and 1 at its end.
    public var percentComplete: Double { propertyAnimator?.fractionComplete ?? 0 }

    /// The point of the animation shown now, in seconds: progress × duration.
    public var animationTime: Double { propertyAnimator?.elapsedTime ?? 0 }

    /// Starts `context`'s transition frozen at its prepared start; nothing moves until `update`.
    public func startInteractiveTransition(_ context: TransitionContext) {
        context.isInteractive = true
        begin(context)
    }

    /// Starts `context`'s transition running on its own (a tab selection); `pause()` can still catch it.
    public func startAnimatedTransition(_ context: TransitionContext) {
        context.isInteractive = false
        begin(context)
    }

    private func begin(_ context: TransitionContext) {
        self.context = context
        animator.animateTransition(using: context)
        propertyAnimator = context.isCompleted ? nil : animator.interruptibleAnimator(using: context)
        propertyAnimator?.scrubsLinearly = true
    }

    /// Moves the paused transition to `percentComplete`, clamped to 0...1.
    public func update(_ percentComplete: Double) {
        guard phase == .interactive, let propertyAnimator, let context else { return }
        let clamped = min(max(percentComplete, 0), 1)
        propertyAnimator.fractionComplete = clamped
        context.updateInteractiveTransition(clamped)
    }

    /// Runs the transition to its end. `velocity` is the release speed toward the end in progress
    /// units per second; a spring completion curve starts at it.
    public func finish(velocity: Double = 0) {
        complete(cancelled: false, velocity: velocity)
    }

    /// Runs the transition back to its start. `velocity` is the release speed toward the start in
    /// progress units per second.
    public func cancel(velocity: Double = 0) {
        complete(cancelled: true, velocity: velocity)
    }

    private func complete(cancelled: Bool, velocity: Double) {
        guard phase == .interactive, let propertyAnimator, let context else { return }
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        let p = propertyAnimator.fractionComplete
        let remaining = cancelled ? p : 1 - p
        propertyAnimator.isReversed = cancelled
        // A spring's velocity is relative to the distance it still has to cover.
        let relativeVelocity = remaining > 1e-6 ? max(velocity, 0) / remaining : 0
        propertyAnimator.continueAnimation(withTimingParameters: completionCurve.withInitialVelocity(relativeVelocity),
                                           durationFactor: remaining / completionSpeed)
    }

    /// Catches a completing transition where it stands and makes it interactive again.
    public func pause() {
        guard phase == .completing, let propertyAnimator, let context else { return }
        propertyAnimator.pauseAnimation()
        propertyAnimator.isReversed = false
        context.pauseInteractiveTransition()
        context.updateInteractiveTransition(propertyAnimator.fractionComplete)
    }
}
