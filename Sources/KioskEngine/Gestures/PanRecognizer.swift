/// Turns one finger's touches into a pan locked to an axis, or a tap.
///
/// The first finger down drives; other fingers are ignored until it lifts. The pan's axis is
/// locked when the finger passes `touchSlop`, and the owner decides then whether the pan drives
/// anything; if not, the rest of the touch is ignored. A finger that lifts within the slop and
/// `tapMaxDuration` is a tap. A touch can also be claimed at once on landing (to catch a running
/// transition), skipping the slop.
public final class PanRecognizer {
    public enum State: String, Hashable, Sendable {
        case idle
        /// A finger is down within the slop.
        case possible
        /// The finger drives a pan.
        case tracking
        /// The finger's pan drives nothing; its movement is dropped.
        case ignoring
    }

    /// Pixels a finger moves before its pan begins and its axis is locked.
    public var touchSlop: Double
    /// Seconds a finger may stay down and still tap.
    public var tapMaxDuration: Double
    public private(set) var state: State = .idle
    /// The axis of the current pan, once past the slop.
    public private(set) var lockedAxis: PanAxis?
    /// Where the tracked finger landed.
    public private(set) var startLocation: Point = .zero
    /// The finger being followed; others are ignored until it lifts.
    public private(set) var trackedTouchID: Int?
    private var startTime = 0.0
    private var velocityTracker = VelocityTracker()

    /// Asked when a finger lands; true claims it for tracking at once.
    public var shouldTrackImmediately: ((Point) -> Bool)?
    /// Asked once, when the finger passes the slop, with the locked axis and the translation; false ignores the touch.
    public var shouldBegin: ((PanAxis, Point) -> Bool)?
    /// The translation from where the finger landed, on every move while tracking (and right after a begin).
    public var onChanged: ((Point) -> Void)?
    /// The final translation and the release velocity in pixels per second.
    public var onEnded: ((Point, Point) -> Void)?
    /// The touch was cancelled (device gone) while tracking.
    public var onCancelled: ((Point) -> Void)?
    /// A tap at this location.
    public var onTap: ((Point) -> Void)?
    /// A finger landed (not claimed at once): a press may begin here.
    public var onPressBegan: ((Point) -> Void)?
    /// The press `onPressBegan` announced is over: with the seconds held when the finger lifted
    /// within the slop, nil when it moved past the slop or was cancelled. Called once per press.
    public var onPressEnded: ((Double?) -> Void)?
    private var pressIsOpen = false

    public init(touchSlop: Double = 10, tapMaxDuration: Double = 0.3) {
        self.touchSlop = touchSlop
        self.tapMaxDuration = tapMaxDuration
    }

    public func handle(_ touch: TouchEvent) {
        if touch.phase == .began {
            guard trackedTouchID == nil else { return }
            trackedTouchID = touch.id
            startLocation = touch.location
            startTime = touch.time
            lockedAxis = nil
            velocityTracker.reset()
            velocityTracker.add(touch.location, at: touch.time)
            state = shouldTrackImmediately?(touch.location) == true ? .tracking : .possible
            if state == .possible {
                pressIsOpen = true
                onPressBegan?(touch.location)
            }
            return
        }
        guard touch.id == trackedTouchID else { return }
        velocityTracker.add(touch.location, at: touch.time)
        let translation = touch.location - startLocation
        switch touch.phase {
        case .began:
            break
        case .moved:
            moved(translation)
        case .ended:
            moved(translation)
            if state == .tracking {
                onEnded?(translation, velocityTracker.velocity)
            } else if state == .possible {
                endPress(heldFor: touch.time - startTime)
                if touch.time - startTime <= tapMaxDuration { onTap?(startLocation) }
            }
            reset()
        case .cancelled:
            if state == .tracking { onCancelled?(translation) }
            reset()
        }
    }

    private func moved(_ translation: Point) {
        switch state {
        case .possible:
            guard (translation.x * translation.x + translation.y * translation.y).squareRoot() > touchSlop else { return }
            endPress(heldFor: nil)
            let axis: PanAxis = abs(translation.x) >= abs(translation.y) ? .horizontal : .vertical
            lockedAxis = axis
            if shouldBegin?(axis, translation) == true {
                state = .tracking
                onChanged?(translation)
            } else {
                state = .ignoring
            }
        case .tracking:
            onChanged?(translation)
        case .idle, .ignoring:
            break
        }
    }

    private func endPress(heldFor seconds: Double?) {
        guard pressIsOpen else { return }
        pressIsOpen = false
        onPressEnded?(seconds)
    }

    private func reset() {
        endPress(heldFor: nil)
        state = .idle
        trackedTouchID = nil
        lockedAxis = nil
    }
}
