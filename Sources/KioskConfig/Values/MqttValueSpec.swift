/// A `source = "mqtt"` value: the text of the messages on `topic`, or one field of their JSON.
public struct MqttValueSpec: Hashable, Sendable {
    /// A topic filter (absolute, not under `topic-prefix`); `+` and `#` allowed.
    public var topic: String
    /// A key of the payload's JSON object (`"temperature"`, or `"a.b"` for a nested one); nil: the whole payload.
    public var field: String?
    /// A printf-style pattern with one conversion for the number (`"%.1f °C"`, `"%d %%"`), or `%s`
    /// for the text; nil: the text as it came.
    public var format: ValueFormat?

    public init(topic: String, field: String? = nil, format: ValueFormat? = nil) {
        self.topic = topic
        self.field = field
        self.format = format
    }

    init(reading table: TableReader) {
        topic = table.formatted("topic", expected: "an MQTT topic filter ('+' and '#' only as whole levels)") { topic in
            MqttConfiguration.isValidFilter(topic) ? topic : nil
        } ?? ""
        if !table.contains("topic") {
            table.diagnostics.keyError("\(table.tableName) with source \"mqtt\" needs 'topic': the topic its text arrives on",
                                       at: table.path)
        }
        field = table.nonEmptyString("field")
        format = table.formatted("format", expected: ValueFormat.expectation, parse: ValueFormat.init(pattern:))
    }
}
