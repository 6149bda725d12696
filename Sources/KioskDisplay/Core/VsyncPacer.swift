import KioskEngine

/// The bookkeeping behind a display's frame clock: which flip is pending, where the vblank grid
/// lies, which vblank was last ticked, and whether flip events can be trusted as vsync at all.
///
/// Ticks follow the vblank grid, not the completion of our own flips: a frame that took a little
/// longer than a refresh gets the next tick at once (its flip still pending) instead of waiting a
/// whole extra vblank for the flip event, so a slow frame costs one frame, not half the rate.
///
/// Once composition times are reported (`compositionTook`), ticks are scheduled late: the timer
/// fires the composition lead before a vblank (the p90 of the last 60 compositions plus a margin)
/// and the tick carries that vblank's time, so a frame starts as late as it can and still make its
/// vblank, with the touches read just before it in it. Flip events then only move the grid. Waking
/// from idle (a vblank went by unticked), the frame starts at once, as it always did; timer-paced,
/// with no vblank to keep to, the grid then moves to follow that frame.
///
/// Drivers without real vblank (QEMU's bochs) complete a flip within a fraction of a millisecond
/// with sequence 0; after a few such flips in a row the pacer switches to timer pacing for good,
/// so animations keep real speed instead of running as fast as the CPU allows.
struct VsyncPacer {
    let refreshInterval: Double
    private(set) var source: PacingSource
    private(set) var flipPending = false
    /// A known vblank time; the grid is this plus whole refresh intervals.
    private(set) var anchor: Double?
    private(set) var lastTickTime: Double?
    private(set) var sequence: UInt64 = 0
    private var flipSubmittedAt: Double?
    private var lastEventSequence: UInt32?
    private var instantFlipsInARow = 0
    private var compositionTimes = RunningStatistics(capacity: Self.compositionWindow)
    /// Seconds before a vblank that its frame starts; nil until a composition time is reported.
    private(set) var compositionLead: Double?
    /// Compositions the lead is measured over, and the margin it keeps for a frame slower than p90.
    static let compositionWindow = 60
    static let compositionMargin = 0.0015
    /// Consecutive instant flips needed before giving up on flip events as a vsync source.
    static let instantFlipsBeforeTimer = 3

    init(refreshInterval: Double, source: PacingSource = .pageFlip) {
        self.refreshInterval = refreshInterval
        self.source = source
    }

    /// Records how long a frame took to compose; the lead becomes p90 of the window plus the
    /// margin, at most a whole period (a frame that slow starts at the vblank before its own).
    mutating func compositionTook(_ seconds: Double) {
        compositionTimes.add(max(0, seconds))
        compositionLead = min(compositionTimes.percentile(0.9) + Self.compositionMargin, refreshInterval)
    }

    mutating func flipSubmitted(at now: Double) {
        flipPending = true
        flipSubmittedAt = now
    }

    /// Records a flip-complete event; returns the tick to deliver when flips pace the clock, the
    /// vblank is not ticked yet and the caller `canDeliver` (it cannot while presenting).
    mutating func flipCompleted(eventTime: Double, eventSequence: UInt32, canDeliver: Bool = true) -> FrameTick? {
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
        anchor = eventTime
        // Scheduled: the timer ticks the next vblank its lead ahead of it.
        guard compositionLead == nil, canDeliver, isUnticked(eventTime) else { return nil }
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

    /// Handles the frame timer firing at `now`: the tick of the latest vblank not yet ticked, if any.
    mutating func timerFired(now: Double) -> FrameTick? {
        if let lead = compositionLead, let anchor {
            // The vblank whose composition start has come; one already gone is followed by the next.
            let started = gridPoint(atOrBefore: now + lead, anchor: anchor)
            guard isUnticked(started) else { return nil }
            if source == .timer, lastTickTime.map({ now - $0 >= refreshInterval }) ?? true {
                // No vblank to keep to: after idle the frame starts at once and the grid follows it,
                // so input arriving at a steady rate meets frames at the same phase it started them.
                self.anchor = now + lead
                return tick(at: now + lead)
            }
            return tick(at: started > now ? started : started + refreshInterval)
        }
        guard let anchor else {
            self.anchor = now
            return tick(at: now)
        }
        let latest = gridPoint(atOrBefore: now, anchor: anchor)
        guard isUnticked(latest) else { return nil }
        return tick(at: latest)
    }

    /// Records a vsync seen directly (fbdev's FBIO_WAITFORVSYNC returning) and returns its tick.
    mutating func vsyncObserved(at time: Double) -> FrameTick? {
        anchor = time
        guard isUnticked(time) else { return nil }
        return tick(at: time)
    }

    /// When the frame timer should fire, or nil when nobody wants ticks. A vblank that passed
    /// unticked is due at once; with a flip pending the timer waits a quarter period past the
    /// vblank so the flip event, which carries the exact time, normally ticks first. Scheduled, it
    /// is the next unticked vblank minus the composition lead.
    func nextTimerDeadline(now: Double, wantsTicks: Bool) -> Double? {
        guard wantsTicks else { return nil }
        guard let anchor else { return source == .pageFlip && flipPending ? nil : now }
        if let lead = compositionLead {
            let started = gridPoint(atOrBefore: now + lead, anchor: anchor)
            return isUnticked(started) ? now : started + refreshInterval - lead
        }
        let latest = gridPoint(atOrBefore: now, anchor: anchor)
        let due = isUnticked(latest) ? latest : latest + refreshInterval
        return source == .pageFlip && flipPending ? due + refreshInterval / 4 : due
    }

    private func isUnticked(_ vblank: Double) -> Bool {
        guard let lastTickTime else { return true }
        return vblank > lastTickTime + refreshInterval / 2
    }

    private func gridPoint(atOrBefore time: Double, anchor: Double) -> Double {
        // The small allowance keeps a timer that fires a hair early on the vblank it was set for.
        anchor + ((time - anchor) / refreshInterval + 0.01).rounded(.down) * refreshInterval
    }

    /// Numbers ticks by elapsed refresh periods, so missed frames show as jumps whatever the source.
    private mutating func tick(at time: Double) -> FrameTick {
        if let lastTickTime {
            sequence += UInt64(max(((time - lastTickTime) / refreshInterval).rounded(), 1))
        } else {
            sequence += 1
        }
        lastTickTime = time
        return FrameTick(timestamp: time, sequence: sequence, duration: refreshInterval)
    }
}
