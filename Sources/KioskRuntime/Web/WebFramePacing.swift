/// When a page is told it may draw again (`frameDone`): only on the daemon's vsync tick (a frame
/// it composes), at most `maxFps` times a second, and never while the page's screen is not shown.
/// The host draws a page's next frame only after `frameDone`, so this sets the page's frame rate
/// and keeps a hidden page at zero frames.
struct WebFramePacing: Equatable {
    /// Vsync ticks come a little early or late; an answer this much early still counts, so a
    /// page at `max-fps = 30` on a 60 Hz panel gets every other tick rather than every third.
    static let tolerance = 0.002

    /// When to ask for a frame so the daemon composes on the first vsync at or after `due`: it
    /// composes on the vsync after a request, so the request goes out after the tick before
    /// that one. `period` is the time between the last two ticks.
    static func requestTime(due: Double, now: Double, period: Double) -> Double {
        due - now <= period ? now : due - period * 0.75
    }
    var maxFps: Int
    /// The page's screen is on show (or in a transition).
    var isVisible = false
    /// The slot of the newest frame not answered yet.
    private(set) var heldSlot: UInt8?
    /// When the last `frameDone` went, on the daemon clock.
    private(set) var lastAnswer: Double?

    init(maxFps: Int) {
        self.maxFps = max(1, maxFps)
    }

    var interval: Double { 1 / Double(maxFps) }

    /// The host says `slot` holds a new frame.
    mutating func frameArrived(slot: UInt8) {
        heldSlot = slot
    }

    /// On a vsync tick at `now`: the slot to answer with `frameDone`, or nil (nothing held, hidden,
    /// or too soon after the last answer).
    mutating func tick(at now: Double) -> UInt8? {
        guard isVisible, let slot = heldSlot else { return nil }
        if let lastAnswer, now - lastAnswer < interval - Self.tolerance { return nil }
        heldSlot = nil
        lastAnswer = now
        return slot
    }

    /// When a held frame may be answered (a tick is wanted then), or nil when none waits or the page is hidden.
    var nextAnswerTime: Double? {
        guard isVisible, heldSlot != nil else { return nil }
        return (lastAnswer ?? -Double.infinity) + interval - Self.tolerance
    }

    /// A new host (or a reloaded page) starts with nothing held.
    mutating func reset() {
        heldSlot = nil
        lastAnswer = nil
    }
}
