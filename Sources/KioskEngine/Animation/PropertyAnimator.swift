/// An interruptible, scrubbable animation of view properties: the role of UIViewPropertyAnimator.
///
/// `addAnimations` records what a block changes instead of animating implicitly: it snapshots the
/// animatable properties of every view under `root`, runs the block, snapshots again, and keeps a
/// track for each view whose properties differ, then puts the views back at their start values.
/// Each tick interpolates the tracks, so the animator needs no global state and allocates nothing
/// per frame. Values a straight interpolation cannot express (a rotation) come from
/// `addProgressAnimation`, called with the same progress.
///
/// Time advances only on ticks of the frame clock, through a display link held while running.
public final class PropertyAnimator {
    /// Seconds for the whole animation at normal speed.
    public let duration: Double
    /// The curve of `startAnimation()` and of scrubbing when `scrubsLinearly` is false.
    public let timingCurve: TimingCurve
    public private(set) var state: AnimatorState = .inactive
    /// True while the display link moves it; false when paused or inactive.
    public private(set) var isRunning = false
    /// Reaching the end leaves the animator active and paused; no completion runs.
    public var pausesOnCompletion = false
    /// While paused, `fractionComplete` maps to the progress linearly rather than through the curve.
    public var scrubsLinearly = true
    /// Runs toward the start values; changing it while running turns the animation around.
    public var isReversed = false {
        didSet {
            guard oldValue != isReversed, isRunning else { return }
            let remaining = isReversed ? fraction : 1 - fraction
            beginSegment(curve: timingCurve, duration: remaining * duration)
        }
    }

    private let frameClock: any FrameClock
    private let root: View
    private var tracks: [Track] = []
    private var progressAnimations: [(Double) -> Void] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    /// The fraction of the time line, 0...1; what `fractionComplete` reports.
    private var fraction = 0.0
    /// The progress shown on screen, 0 = start values, 1 = end values.
    public private(set) var progress = 0.0
    private var segment = Segment(startFraction: 0, startProgress: 0, target: 1, curve: .linear, duration: 0, elapsed: 0, lastTimestamp: nil)
    private var link: DisplayLink?

    private struct Track {
        let view: View
        let from: AnimatableState
        var to: AnimatableState
    }

    /// One leg of running: from where the animator stood toward the start or the end.
    private struct Segment {
        var startFraction: Double
        var startProgress: Double
        var target: Double
        var curve: TimingCurve
        var duration: Double
        var elapsed: Double
        var lastTimestamp: Double?
    }

    /// - Parameters:
    ///   - root: the views under it are the ones `addAnimations` blocks may change.
    public init(duration: Double, curve: TimingCurve = .easeInOut, frameClock: any FrameClock, root: View,
                animations: (() -> Void)? = nil) {
        self.duration = max(duration, 0)
        self.timingCurve = curve
        self.frameClock = frameClock
        self.root = root
        if let animations { addAnimations(animations) }
    }

    /// The time line fraction. Setting it works only while the animator is active and paused; it is
    /// ignored otherwise (returns without effect, as the property has no error channel).
    public var fractionComplete: Double {
        get { fraction }
        set {
            guard state == .active, !isRunning else { return }
            fraction = min(max(newValue, 0), 1)
            progress = scrubsLinearly ? fraction : timingCurve.value(at: fraction, duration: duration)
            applyProgress()
        }
    }

    /// The point on the time line in seconds.
    public var elapsedTime: Double { fraction * duration }

    /// Records the property changes `animations` makes to views under the root; views keep showing
    /// the values of the current progress.
    public func addAnimations(_ animations: () -> Void) {
        var before: [(View, AnimatableState)] = []
        root.forEachInTree { before.append(($0, AnimatableState(of: $0))) }
        animations()
        for (view, start) in before {
            let end = AnimatableState(of: view)
            if let index = tracks.firstIndex(where: { $0.view === view }) {
                tracks[index].to = end
            } else if end != start {
                tracks.append(Track(view: view, from: start, to: end))
            }
        }
        applyProgress()
    }

    /// `body` is called with the eased progress (0...1) whenever the animator shows a new frame.
    public func addProgressAnimation(_ body: @escaping (Double) -> Void) {
        progressAnimations.append(body)
        body(progress)
    }

    deinit {
        // An animator nobody holds any more must not keep the clock ticking.
        link?.invalidate()
    }

    /// Runs once when the animator finishes, with where it ended.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Runs from where it stands toward the end (or the start when reversed) along `timingCurve`.
    public func startAnimation() {
        guard state != .stopped, !isRunning else { return }
        state = .active
        let target = isReversed ? 0.0 : 1.0
        beginSegment(curve: timingCurve, duration: abs(target - fraction) * duration)
    }

    /// Freezes the animation where it stands; an inactive animator becomes active and paused.
    public func pauseAnimation() {
        guard state != .stopped else { return }
        state = .active
        guard isRunning else { return }
        stopTicking()
        // Under linear scrubbing the time line must match what is shown, or the next scrub jumps.
        if scrubsLinearly { fraction = progress }
    }

    /// Runs the rest of the animation (toward the end, or the start when reversed) with `timing`
    /// (the animator's own curve when nil) over `durationFactor` × `duration`.
    public func continueAnimation(withTimingParameters timing: TimingCurve?, durationFactor: Double) {
        guard state == .active else { return }
        beginSegment(curve: timing ?? timingCurve, duration: max(durationFactor, 0) * duration)
    }

    /// `withoutFinishing` true: inactive at once, the views keep their current values, no completion.
    /// False: stopped, waiting for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        stopTicking()
        if withoutFinishing {
            state = .inactive
            completions.removeAll()
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator at `position` and runs the completions once.
    public func finishAnimation(at position: AnimatingPosition) {
        guard state == .stopped else { return }
        end(at: position)
    }

    private func beginSegment(curve: TimingCurve, duration: Double) {
        segment = Segment(startFraction: fraction, startProgress: progress, target: isReversed ? 0 : 1,
                          curve: curve, duration: duration, elapsed: 0, lastTimestamp: nil)
        isRunning = true
        if link == nil {
            link = frameClock.addDisplayLink { [weak self] tick in self?.advance(tick) }
        }
    }

    private func advance(_ tick: FrameTick) {
        guard isRunning else { return }
        // The first tick after a start counts as one whole frame; later ones use the real gap,
        // so missed vsyncs do not slow the animation down.
        segment.elapsed += segment.lastTimestamp.map { tick.timestamp - $0 } ?? tick.duration
        segment.lastTimestamp = tick.timestamp
        let s = segment.duration > 0 ? segment.elapsed / segment.duration : 1
        if s >= 1 - 1e-9 {
            fraction = segment.target
            progress = segment.target
            applyProgress()
            stopTicking()
            if pausesOnCompletion { return }
            end(at: segment.target == 1 ? .end : .start)
            return
        }
        fraction = segment.startFraction + (segment.target - segment.startFraction) * s
        let eased = segment.curve.value(at: s, duration: segment.duration)
        progress = segment.startProgress + (segment.target - segment.startProgress) * eased
        applyProgress()
    }

    private func stopTicking() {
        isRunning = false
        link?.invalidate()
        link = nil
    }

    private func end(at position: AnimatingPosition) {
        switch position {
        case .start: fraction = 0; progress = 0
        case .end: fraction = 1; progress = 1
        case .current: break
        }
        applyProgress()
        state = .inactive
        let pending = completions
        completions.removeAll()
        for completion in pending { completion(position) }
    }

    /// Views never pass their end values: a screen pushed beyond the display edge would open a gap,
    /// so a lively spring settles against the end instead of overshooting it.
    private func applyProgress() {
        let p = min(max(progress, 0), 1)
        for track in tracks {
            AnimatableState.interpolate(track.from, track.to, p).apply(to: track.view)
        }
        for body in progressAnimations { body(p) }
    }
}
