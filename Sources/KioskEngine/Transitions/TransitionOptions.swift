/// How the container's transitions look and respond to the finger.
public struct TransitionOptions: Hashable, Sendable {
    public var style: TransitionStyle
    /// Seconds for a whole transition run on its own (a tab selection), and the scale an
    /// interactive transition's progress maps onto.
    public var duration: Double
    /// The curve of a non-interactive transition.
    public var curve: TimingCurve
    /// The curve of the completion after the finger lifts; a spring starts at the release velocity.
    public var completionCurve: TimingCurve
    /// How many times faster than `duration` the completion after release runs; above 0.
    public var completionSpeed: Double
    /// Released beyond this progress (0...1), a transition finishes unless flicked back.
    public var finishProgress: Double
    /// Pixels per second toward the target beyond which a release finishes (or back: cancels).
    public var finishVelocity: Double
    public var swipeArea: SwipeArea
    /// Pixels from the edge for `SwipeArea.edge`.
    public var edgeWidth: Double
    /// Pixels a touch moves before it counts as a pan and its direction is locked.
    public var touchSlop: Double
    /// Seconds a touch may stay down and still count as a tap.
    public var tapMaxDuration: Double

    public init(style: TransitionStyle = .overlap, duration: Double = 0.33, curve: TimingCurve = .easeInOut,
                completionCurve: TimingCurve = .linear, completionSpeed: Double = 1, finishProgress: Double = 0.5,
                finishVelocity: Double = 300, swipeArea: SwipeArea = .anywhere, edgeWidth: Double = 40,
                touchSlop: Double = 10, tapMaxDuration: Double = 0.3) {
        self.style = style
        self.duration = duration
        self.curve = curve
        self.completionCurve = completionCurve
        self.completionSpeed = completionSpeed
        self.finishProgress = finishProgress
        self.finishVelocity = finishVelocity
        self.swipeArea = swipeArea
        self.edgeWidth = edgeWidth
        self.touchSlop = touchSlop
        self.tapMaxDuration = tapMaxDuration
    }

    /// Every problem with these values, each naming the option and the accepted range; empty when valid.
    public var problems: [String] {
        var problems: [String] = []
        if !(duration > 0) { problems.append("duration \(duration) must be above 0 seconds") }
        if !(completionSpeed > 0) { problems.append("completion speed \(completionSpeed) must be above 0") }
        if !(0...1).contains(finishProgress) { problems.append("finish progress \(finishProgress) must be within 0...1") }
        if !(finishVelocity >= 0) { problems.append("finish velocity \(finishVelocity) must be 0 or more pixels per second") }
        if !(edgeWidth > 0) { problems.append("edge width \(edgeWidth) must be above 0 pixels") }
        if !(touchSlop >= 0) { problems.append("touch slop \(touchSlop) must be 0 or more pixels") }
        if !(tapMaxDuration >= 0) { problems.append("tap duration \(tapMaxDuration) must be 0 or more seconds") }
        return problems
    }
}
