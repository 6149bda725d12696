import KioskEngine

/// The bookkeeping behind a display's frame clock: which flip is pending, when the last vsync was,
/// and whether flip events can be trusted as vsync at all.
///
/// Drivers without real vblank (QEMU's bochs) complete a flip within a fraction of a millisecond
/// with sequence 0; after a few such flips in a row the pacer switches to timer pacing for good,
/// so animations keep real speed instead of running as fast as the CPU allows.
struct VsyncPacer {
    let refreshInterval: Double
    private(set) var source: PacingSource
    private(set) var flipPending = false
    private(set) var lastVsync: Double?
    private(set) var sequence: UInt64 = 0
    private var flipSubmittedAt: Double?
    private var lastEventSequence: UInt32?
    private var instantFlipsInARow = 0
    /// Consecutive instant flips needed before giving up on flip events as a vsync source.
    static let instantFlipsBeforeTimer = 3

    init(refreshInterval: Double, source: PacingSource = .pageFlip) {
        self.refreshInterval = refreshInterval
        self.source = source
    }

    mutating func flipSubmitted(at now: Double) {
        flipPending = true
        flipSubmittedAt = now
    }

    /// Records a flip-complete event and returns the tick to deliver, if flips pace the clock.
    mutating func flipCompleted(eventTime: Double, eventSequence: UInt32) -> FrameTick? {
        flipPending = false
        if source == .pageFlip {
            let latency = flipSubmittedAt.map { eventTime - $0 } ?? refreshInterval
            let stalledCounter = eventSequence == 0 || eventSequence == lastEventSequence
            let instant = stalledCounter || latency < min(0.001, refreshInterval / 8)
            instantFlipsInARow = instant ? instantFlipsInARow + 1 : 0
            if instantFlipsInARow >= Self.instantFlipsBeforeTimer {
                source = .timer
            }
        }
        lastEventSequence = eventSequence
        flipSubmittedAt = nil
        guard source == .pageFlip else { return nil }
        return tick(at: eventTime)
    }

    /// Forgets a flip whose event will never be acted on (the mode was set again, master was lost).
    mutating func flipAbandoned() {
        flipPending = false
        flipSubmittedAt = nil
    }

    /// Gives up on flip events as vsync, e.g. because drmWaitVBlank failed.
    mutating func useTimer() {
        source = .timer
    }

    /// Records a timer expiry as a vsync at the grid point at or before `now` and returns its tick.
    mutating func timerFired(now: Double) -> FrameTick {
        tick(at: gridPoint(atOrBefore: now))
    }

    /// Records a vsync seen directly (fbdev's FBIO_WAITFORVSYNC returning) and returns its tick.
    mutating func vsyncObserved(at time: Double) -> FrameTick {
        tick(at: time)
    }

    /// When the timer should next fire, or nil when a pending flip's event will tick instead
    /// or nobody wants ticks: the first vsync on the refresh grid after `now`.
    func nextTimerDeadline(now: Double, wantsTicks: Bool) -> Double? {
        guard wantsTicks else { return nil }
        if source == .pageFlip && flipPending { return nil }
        guard let lastVsync else { return now + refreshInterval }
        let periods = ((now - lastVsync) / refreshInterval).rounded(.down) + 1
        return lastVsync + max(periods, 1) * refreshInterval
    }

    private func gridPoint(atOrBefore now: Double) -> Double {
        guard let lastVsync, now > lastVsync else { return now }
        let periods = ((now - lastVsync) / refreshInterval + 0.01).rounded(.down)
        return periods >= 1 ? lastVsync + periods * refreshInterval : now
    }

    /// Numbers ticks by elapsed refresh periods, so missed frames show as jumps whatever the source.
    private mutating func tick(at time: Double) -> FrameTick {
        if let lastVsync {
            let periods = UInt64(max(((time - lastVsync) / refreshInterval).rounded(), 1))
            sequence += periods
        } else {
            sequence += 1
        }
        lastVsync = time
        return FrameTick(timestamp: time, sequence: sequence, duration: refreshInterval)
    }
}
