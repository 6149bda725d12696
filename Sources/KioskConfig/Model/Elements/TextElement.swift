/// `type = "text"`: text wrapped to the frame's width.
public struct TextElement: Hashable, Sendable {
    public var text: String
    public var style: TextStyle

    public init(text: String, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
    }

    init(reading table: TableReader) {
        text = table.string("text") ?? ""
        if !table.contains("text") {
            table.diagnostics.keyError("a text element needs 'text'", at: table.path)
        }
        style = TextStyle(reading: table, defaults: TextStyle())
    }
}
