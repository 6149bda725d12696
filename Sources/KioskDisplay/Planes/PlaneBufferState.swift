/// What one plane shows at each step of a commit, as wlroots keeps it per plane: `pending`, the
/// buffer staged for the next commit; `queued`, the one a commit put on the plane whose flip has
/// not completed; `current`, the one scanned out now. A nil buffer is the plane turned off.
///
/// Pure value logic, tested without a card: the display stages what a request shows, marks it
/// committed when the kernel took the request, and completes it on the flip event, which hands
/// back the buffer the flip replaced so its holder can let it go (a camera capture buffer goes
/// back to the camera then, never earlier).
struct PlaneBufferState<Buffer: Equatable> {
    /// Staged for the next commit; meaningful while `hasPending`.
    private(set) var pending: Buffer?
    private(set) var hasPending = false
    /// In the commit whose flip is outstanding; meaningful while `isFlipPending`.
    private(set) var queued: Buffer?
    private(set) var isFlipPending = false
    /// On screen now.
    private(set) var current: Buffer?

    init(current: Buffer? = nil) {
        self.current = current
    }

    /// The buffer the next commit puts on the plane (nil: turns it off), replacing one staged before.
    mutating func stage(_ buffer: Buffer?) {
        pending = buffer
        hasPending = true
    }

    /// The commit went out: what was staged is queued until its flip completes. A plane with
    /// nothing staged is untouched by the commit and keeps showing `current`.
    mutating func commit() {
        queued = hasPending ? pending : current
        isFlipPending = true
        pending = nil
        hasPending = false
    }

    /// The commit's flip completed: the queued buffer is on screen. Returns the buffer it
    /// replaced when that one left the plane (nil when the same buffer stays or nothing was shown).
    @discardableResult
    mutating func flipCompleted() -> Buffer? {
        guard isFlipPending else { return nil }
        let replaced = current
        current = queued
        queued = nil
        isFlipPending = false
        return replaced == current ? nil : replaced
    }

    /// The staged and queued buffers are forgotten (the mode was set again, so the outstanding
    /// flip's event is stale); the plane shows `current`.
    mutating func abandon() {
        pending = nil
        hasPending = false
        queued = nil
        isFlipPending = false
    }

    /// Everything forgotten and `buffer` on screen at once (a mode set or new buffers, not a flip).
    mutating func reset(showing buffer: Buffer?) {
        abandon()
        current = buffer
    }

    /// Every buffer the plane holds in some step: none of them may be freed.
    var held: [Buffer] {
        [hasPending ? pending : nil, isFlipPending ? queued : nil, current].compactMap { $0 }
    }
}
