/// The part of a configuration only a start applies (`StartOnlyKey.all`): the display and its first
/// output, `[control]`, `[metrics]`, `[mqtt]` and `[power] backlight`. A reload keeps this part as
/// it runs and applies the rest (`KioskConfiguration.reloadable(from:)`); `changes(to:)` names the
/// keys a file changes in it, for the reload's answer and the log.
public struct StartOnlyConfiguration: Hashable, Sendable {
    /// `[display]` without its `[[display.output]]` tables.
    public var display: DisplayConfiguration
    /// The first `[[display.output]]`: the display that opened.
    public var firstOutput: OutputConfiguration?
    public var control: ControlConfiguration
    public var metrics: MetricsConfiguration
    public var mqtt: MqttConfiguration
    public var backlight: BacklightSelection

    /// The start-only part of `configuration`.
    public init(_ configuration: KioskConfiguration) {
        display = configuration.display.withoutOutputs
        firstOutput = configuration.display.outputs.first
        control = configuration.control
        metrics = configuration.metrics
        mqtt = configuration.mqtt
        backlight = configuration.power.backlight
    }

    /// The `[section] key` names whose values in `file` differ from these (running) ones. A key a
    /// start-only table gained and `StartOnlyKey.all` does not list still shows, as its table.
    public func changes(to file: StartOnlyConfiguration) -> [String] {
        let changed = StartOnlyKey.all.filter { $0.differs(self, file) }
        var names = changed.map(\.name)
        let tables: [(String, Bool)] = [("display", display != file.display), ("control", control != file.control),
                                        ("metrics", metrics != file.metrics), ("mqtt", mqtt != file.mqtt)]
        for (table, differs) in tables where differs && !changed.contains(where: { $0.table == table }) {
            names.append("[\(table)]")
        }
        return names
    }

    /// Puts this part into `configuration` (the file's, as a reload runs it): its outputs after the
    /// first stay the file's.
    public func keep(in configuration: inout KioskConfiguration) {
        let fileOutputs = configuration.display.outputs
        configuration.display = display
        if let first = firstOutput ?? fileOutputs.first { configuration.display.outputs = [first] + fileOutputs.dropFirst() }
        configuration.control = control
        configuration.metrics = metrics
        configuration.mqtt = mqtt
        configuration.power.backlight = backlight
    }
}
