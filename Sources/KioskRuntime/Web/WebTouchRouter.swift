import KioskEngine

/// Where a touch that lands on a web element goes, decided as it moves (element-local pixels):
/// held until it is a tap (lifted within the slop: sent to the page as down and up at once, "touch
/// and click"), a vertical drag (sent to the page as scroll steps), or a horizontal swipe (the
/// kiosk's own: the engine moves between screens as for a touch on a card, and the page never sees
/// the touch). The slop and the axis rule are the engine's (`PanRecognizer`), so both decide alike.
struct WebTouchRouter: Equatable {
    /// What the page is sent.
    enum Action: Equatable {
        /// A tap at a point: `touch` down then up.
        case tap(Point, time: Double)
        /// A scroll step: the finger's movement since the last step, at the finger.
        case scroll(dx: Double, dy: Double, at: Point, time: Double)
    }

    private enum State: Equatable {
        case idle
        /// Down within the slop: not decided yet.
        case holding(id: Int, start: Point)
        case scrolling(id: Int, last: Point)
        /// A horizontal swipe (or a finger the page ignores): the kiosk's until it lifts.
        case kiosk(id: Int)
    }

    var touchSlop: Double
    private var state = State.idle

    /// - Parameter touchSlop: the engine's (`ContainerOptions.touchSlop`), so both decide alike.
    init(touchSlop: Double = PanRecognizer().touchSlop) {
        self.touchSlop = touchSlop
    }

    /// Whether a touch is being followed.
    var isTracking: Bool { state != .idle }

    /// A finger landed on the element at `point`. Only the first finger is followed.
    mutating func began(id: Int, at point: Point) {
        guard state == .idle else { return }
        state = .holding(id: id, start: point)
    }

    /// The followed finger moved to `point`.
    mutating func moved(id: Int, to point: Point, time: Double) -> [Action] {
        switch state {
        case .holding(let held, let start) where held == id:
            let dx = point.x - start.x, dy = point.y - start.y
            guard (dx * dx + dy * dy).squareRoot() > touchSlop else { return [] }
            if abs(dx) >= abs(dy) {
                state = .kiosk(id: id)
                return []
            }
            state = .scrolling(id: id, last: point)
            return [.scroll(dx: 0, dy: dy, at: point, time: time)]
        case .scrolling(let held, let last) where held == id:
            state = .scrolling(id: id, last: point)
            guard point.y != last.y else { return [] }
            return [.scroll(dx: 0, dy: point.y - last.y, at: point, time: time)]
        case .idle, .holding, .scrolling, .kiosk:
            return []
        }
    }

    /// The followed finger lifted at `point`.
    mutating func ended(id: Int, at point: Point, time: Double) -> [Action] {
        var actions = moved(id: id, to: point, time: time)
        switch state {
        case .holding(let held, let start) where held == id:
            actions.append(.tap(start, time: time))
            state = .idle
        case .scrolling(let held, _) where held == id, .kiosk(let held) where held == id:
            state = .idle
        case .idle, .holding, .scrolling, .kiosk:
            break
        }
        return actions
    }

    /// The followed finger was cancelled (its device went): nothing more reaches the page.
    mutating func cancelled(id: Int) {
        switch state {
        case .holding(let held, _) where held == id, .scrolling(let held, _) where held == id, .kiosk(let held) where held == id:
            state = .idle
        case .idle, .holding, .scrolling, .kiosk:
            break
        }
    }
}
