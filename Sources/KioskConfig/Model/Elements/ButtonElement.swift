import KioskEngine

/// `type = "button"`: a press goes to a screen, emits a D-Bus signal or runs a command.
public struct ButtonElement: Hashable, Sendable {
    public var title: String
    /// Unique on its screen; signals and logs name the button by it (the title when empty).
    public var name = ""
    public var action: ButtonAction
    /// Seconds the finger must stay on the button before lifting counts as a press (`confirm-ms`).
    public var confirmSeconds: Double = 0
    /// `remote-press`: MQTT's `P/command/press` may run this button's `exec`, `signal` or `mqtt`
    /// action (a `screen` button needs no opt-in: it only goes to a screen).
    public var remotePress = false
    public var color = Color(r: 0, g: 122, b: 255)
    public var cornerRadius: Double = 12
    public var textStyle = TextStyle(size: 22, weight: .bold, color: .white, alignment: .center)
    /// The sound a tap plays instead of `[sound] tap` (`sound`).
    public var sound: String?

    public init(title: String, target: String) {
        self.title = title
        action = .screen(target)
    }

    public init(title: String, name: String, action: ButtonAction, confirmSeconds: Double = 0) {
        self.title = title
        self.name = name
        self.action = action
        self.confirmSeconds = confirmSeconds
    }

    /// The screen a `screen` button goes to.
    public var target: String? {
        if case .screen(let target) = action { return target }
        return nil
    }

    /// True when a remote press (`P/command/press`) may run the button: a screen button, or one
    /// that says `remote-press = true`.
    public var mayBePressedRemotely: Bool { target != nil || remotePress }

    /// How signals and logs name the button.
    public var displayName: String { name.isEmpty ? title : name }

    init(reading table: TableReader) {
        title = table.string("title") ?? ""
        name = table.nonEmptyString("name") ?? ""
        let target = table.nonEmptyString("target")
        let kind: ButtonActionKind? = table.choice("action") ?? (table.contains("target") ? .screen : nil)
        switch kind {
        case .screen?:
            if !table.contains("target") {
                table.diagnostics.keyError("a button needs 'target': the name of the screen it goes to", at: table.path)
            }
            action = .screen(target ?? "")
        case .signal?:
            action = .signal
        case .exec?:
            action = .exec(CommandSpec(reading: table, readsInterval: false))
        case .mqtt?:
            let topic = table.formatted("topic", expected: "an MQTT topic without '+' or '#'") { topic in
                MqttConfiguration.isValidTopic(topic) ? topic : nil
            }
            if !table.contains("topic") {
                table.diagnostics.keyError("an mqtt button needs 'topic': the topic its press publishes on", at: table.path)
            }
            action = .mqtt(topic: topic ?? "", payload: table.string("payload", default: ""))
        case nil:
            if !table.contains("action") {
                table.diagnostics.keyError("a button needs 'target' (the screen it goes to) or 'action' (\"signal\", \"exec\" or \"mqtt\")",
                                           at: table.path)
            }
            action = .screen("")
        }
        if kind == .signal || kind == .exec || kind == .mqtt, !table.contains("name") {
            table.diagnostics.keyError("a \(kind!.rawValue) button needs a 'name': signals and logs name it", at: table.path)
        }
        remotePress = table.bool("remote-press", default: false)
        confirmSeconds = Double(table.integer("confirm-ms", default: 0, in: 0...60_000)) / 1000
        color = table.color("color", default: color)
        cornerRadius = table.number("corner-radius", default: cornerRadius, in: 0...8192)
        textStyle = TextStyle(reading: table, defaults: textStyle, colorKey: "text-color")
        sound = table.filePath("sound")
    }
}
