import KioskEngine

/// `type = "button"`: a tap runs the transition to `target` without a finger.
public struct ButtonElement: Hashable, Sendable {
    public var title: String
    /// The name of the screen the button goes to.
    public var target: String
    public var color = Color(r: 0, g: 122, b: 255)
    public var cornerRadius: Double = 12
    public var textStyle = TextStyle(size: 22, weight: .bold, color: .white, alignment: .center)

    public init(title: String, target: String) {
        self.title = title
        self.target = target
    }

    init(reading table: TableReader) {
        title = table.string("title") ?? ""
        target = table.nonEmptyString("target") ?? ""
        if !table.contains("target") {
            table.diagnostics.keyError("a button needs 'target': the name of the screen it goes to", at: table.path)
        }
        color = table.color("color", default: color)
        cornerRadius = table.number("corner-radius", default: cornerRadius, in: 0...8192)
        textStyle = TextStyle(reading: table, defaults: textStyle, colorKey: "text-color")
    }
}
