/// `[power]`: the panel's brightness, dimming, blanking and the times it may be lit.
public struct PowerConfiguration: Hashable, Sendable {
    public var backlight: BacklightSelection = .automatic
    /// Backlight level while awake, 0...1.
    public var brightness: Double = 1
    /// Seconds without a touch before dimming; 0: never.
    public var dimAfter: Double = 0
    /// Backlight level while dimmed, 0...1.
    public var dimBrightness: Double = 0.2
    /// Seconds without a touch before the panel goes dark; 0: never.
    public var blankAfter: Double = 0
    public var blankMethod: BlankMethod = .auto
    /// Seconds a touch keeps the panel awake outside the schedule.
    public var wakeFor: Double = 30
    /// When the panel may be lit; empty: always.
    public var schedule: [PowerSchedule] = []

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    /// Reads `[power]`; `idle` is `[idle]`, whose `blank-after` is still read, with a warning.
    init(reading table: TableReader, idle: TableReader) {
        backlight = table.formatted("backlight", expected: "\"auto\", \"none\" or a folder such as /sys/class/backlight/NAME",
                                    parse: BacklightSelection.init(parsing:)) ?? backlight
        brightness = table.number("brightness", default: brightness, in: 0...1)
        dimAfter = table.number("dim-after", default: dimAfter, in: 0...86_400)
        dimBrightness = table.number("dim-brightness", default: dimBrightness, in: 0...1)
        let ownBlankAfter = table.number("blank-after", in: 0...86_400)
        blankMethod = table.choice("blank-method", default: blankMethod)
        wakeFor = table.number("wake-for", default: wakeFor, in: 1...86_400)
        schedule = table.tables("schedule").compactMap(PowerSchedule.init(reading:))
        table.finishReading()

        let legacyBlankAfter = idle.number("blank-after", in: 0...86_400)
        if idle.contains("blank-after") {
            let replacement = ownBlankAfter == nil ? "" : "; [power] blank-after is set and wins"
            idle.diagnostics.warning("[idle] blank-after is deprecated: move it to [power] blank-after\(replacement)",
                                     at: idle.path.appending("blank-after"))
        }
        blankAfter = ownBlankAfter ?? legacyBlankAfter ?? blankAfter
    }
}
