import KioskConfig

/// When the panel dims and goes dark, decided from plain monotonic times so it can be tested
/// without waiting. Whether the schedule holds the panel lit is an input (`scheduleLit`), decided
/// by `PowerTimetable` on the wall clock.
struct PowerPolicy: Equatable {
    /// Seconds without a touch before dimming; 0: never.
    var dimAfter: Double
    /// Seconds without a touch before going dark; 0: never.
    var blankAfter: Double
    /// Seconds a touch outside the schedule keeps the panel awake.
    var wakeFor: Double

    init(dimAfter: Double, blankAfter: Double, wakeFor: Double) {
        self.dimAfter = dimAfter
        self.blankAfter = blankAfter
        self.wakeFor = wakeFor
    }

    init(_ configuration: PowerConfiguration) {
        self.init(dimAfter: configuration.dimAfter, blankAfter: configuration.blankAfter, wakeFor: configuration.wakeFor)
    }

    /// What the panel should be at `now`. `wakeUntil` is when the wake of the last touch outside
    /// the schedule runs out (-infinity: no such touch).
    func state(at now: Double, lastActivity: Double, scheduleLit: Bool, wakeUntil: Double) -> ScreenPower {
        if !scheduleLit && now >= wakeUntil { return .dark }
        if blankAfter > 0 && now >= lastActivity + blankAfter { return .dark }
        if dimAfter > 0 && now >= lastActivity + dimAfter { return .dimmed }
        return .awake
    }

    /// The next moment after `now` the state can change without a touch (schedule changes aside).
    func nextDeadline(after now: Double, lastActivity: Double, scheduleLit: Bool, wakeUntil: Double) -> Double? {
        var deadlines: [Double] = []
        if !scheduleLit { deadlines.append(wakeUntil) }
        if blankAfter > 0 { deadlines.append(lastActivity + blankAfter) }
        if dimAfter > 0 { deadlines.append(lastActivity + dimAfter) }
        return deadlines.filter { $0 > now }.min()
    }
}
