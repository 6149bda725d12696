import KioskEngine

/// `[transition]`: the animation between screens and the swipe that drives it.
public struct TransitionConfiguration: Hashable, Sendable {
    public var style: TransitionStyle = .overlap
    /// Seconds, for a transition run from start to end without a finger.
    public var duration: Double = 0.33
    public var curve: TimingCurvePreset = .easeInOut
    /// Damping ratio when `curve` is `spring`; 1 settles without oscillating.
    public var springDamping: Double = 1
    /// How much faster than `duration` a released swipe completes or cancels (> 0).
    public var completionSpeed: Double = 1
    /// A release past this progress (0...1) finishes the transition.
    public var finishProgress: Double = 0.5
    /// A release faster than this toward the target, in pixels per second, finishes it.
    public var finishVelocity: Double = 300
    public var swipeArea: SwipeArea = .anywhere
    /// Pixels from the edge when `swipe-area` is `edge`.
    public var edgeWidth = 40

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        style = table.choice("style", default: style)
        duration = table.number("duration", default: duration, in: 0.05...10)
        curve = table.choice("curve", default: curve)
        springDamping = table.number("spring-damping", default: springDamping, in: 0.05...1)
        completionSpeed = table.number("completion-speed", default: completionSpeed, in: 0.05...20)
        finishProgress = table.number("finish-progress", default: finishProgress, in: 0...1)
        finishVelocity = table.number("finish-velocity", default: finishVelocity, in: 0...100_000)
        swipeArea = table.choice("swipe-area", default: swipeArea)
        edgeWidth = table.integer("edge-width", default: edgeWidth, in: 1...4096)
        table.finishReading()
    }
}
