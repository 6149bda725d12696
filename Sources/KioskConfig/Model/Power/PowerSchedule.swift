/// One `[[power.schedule]]`: the panel may be lit from `on` to `off` on the given days.
///
/// `days` names the day the lit time starts on; when `off` is not after `on` the time runs past
/// midnight into the next day (`days = "fri"`, `on = "22:00"`, `off = "02:00"` ends Saturday 02:00).
public struct PowerSchedule: Hashable, Sendable {
    public var days: Set<Weekday>
    public var on: TimeOfDay
    public var off: TimeOfDay

    public init(days: Set<Weekday>, on: TimeOfDay, off: TimeOfDay) {
        self.days = days
        self.on = on
        self.off = off
    }

    /// True when the lit time runs past midnight (`on` equal to `off`: a whole day).
    public var crossesMidnight: Bool { off <= on }

    init?(reading table: TableReader) {
        let days = table.formatted("days", expected: "days such as \"mon-fri\", \"sat,sun\" or \"daily\"",
                                   parse: Weekday.parseSet)
        let on = table.formatted("on", expected: "a time \"HH:MM\"", parse: TimeOfDay.init(parsing:))
        let off = table.formatted("off", expected: "a time \"HH:MM\"", parse: TimeOfDay.init(parsing:))
        for key in ["days", "on", "off"] where !table.contains(key) {
            table.diagnostics.keyError("\(table.tableName) needs '\(key)'", at: table.path)
        }
        table.finishReading()
        guard let days, let on, let off else { return nil }
        self.init(days: days, on: on, off: off)
    }
}
