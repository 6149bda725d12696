/// Where a `[[value]]` gets its text.
public enum ValueSource: Hashable, Sendable {
    /// Set from outside: `SetValue` on D-Bus, `swipe-kiosk ctl set`.
    case dbus
    /// The local time through strftime's `format`, refreshed when the text changes.
    case clock(format: String)
    /// The first line of the file at `path` (at most `maxLength` characters), re-read when it changes.
    case file(path: String, maxLength: Int)
    /// The first line of `command`'s output, run every `interval` seconds and killed after `timeout`.
    case command(CommandSpec)
    /// The messages on an MQTT topic (or one JSON field of them), through an optional format.
    case mqtt(MqttValueSpec)

    /// The word `source = "..."` names it by.
    public var kind: ValueSourceKind {
        switch self {
        case .dbus: .dbus
        case .clock: .clock
        case .file: .file
        case .command: .command
        case .mqtt: .mqtt
        }
    }
}

/// The words `source` accepts.
public enum ValueSourceKind: String, CaseIterable, Sendable {
    case dbus, clock, file, command, mqtt
}

/// A program to run without a shell: its argv, how often, and how long it may take.
public struct CommandSpec: Hashable, Sendable {
    public var argv: [String]
    /// Seconds between runs (a value's command); ignored for a button's.
    public var interval: Double
    /// Seconds before the run is killed.
    public var timeout: Double

    public init(argv: [String], interval: Double = 10, timeout: Double = 5) {
        self.argv = argv
        self.interval = interval
        self.timeout = timeout
    }

    /// Reads `command` (required), `timeout` and, when `readsInterval`, `interval` from `table`.
    init(reading table: TableReader, readsInterval: Bool) {
        argv = table.strings("command") ?? []
        if !table.contains("command") {
            table.diagnostics.keyError("\(table.tableName) needs 'command': the program and its arguments, e.g. [\"/usr/bin/read-sensor\"]", at: table.path)
        } else if argv.isEmpty || argv[0].isEmpty {
            table.valueError("command", "must name a program: [\"/path/to/program\", \"argument\"...]")
        }
        interval = readsInterval ? table.number("interval", default: 10, in: 0.1...86_400) : 10
        timeout = table.number("timeout", default: 5, in: 0.1...3600)
    }
}
