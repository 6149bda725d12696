/// `[[screen.element]]`: one thing drawn on a screen, back to front in file order.
public struct ElementConfiguration: Hashable, Sendable {
    public var frame: ElementFrame
    /// 0...1, applied to the whole element.
    public var opacity: Double = 1
    public var kind: ElementKind

    public init(frame: ElementFrame, opacity: Double = 1, kind: ElementKind) {
        self.frame = frame
        self.opacity = opacity
        self.kind = kind
    }

    init(reading table: TableReader) {
        let type: ElementType? = table.choice("type")
        if !table.contains("type") {
            table.diagnostics.keyError(
                "\(table.tableName) needs a 'type': \(TableReader.list(ElementType.allCases.map { "\"\($0.rawValue)\"" }))",
                at: table.path)
        }
        frame = ElementFrame(reading: table)
        opacity = table.number("opacity", default: opacity, in: 0...1)
        switch type {
        case .color?: kind = .color(ColorElement(reading: table))
        case .gradient?: kind = .gradient(GradientElement(reading: table))
        case .image?: kind = .image(ImageElement(reading: table))
        case .text?: kind = .text(TextElement(reading: table))
        case .card?: kind = .card(CardElement(reading: table))
        case .scroll?: kind = .scroll(ScrollElement(reading: table))
        case .button?: kind = .button(ButtonElement(reading: table))
        case .video?: kind = .video(VideoElement(reading: table))
        case .web?: kind = .web(WebElement(reading: table))
        case nil:
            // The type is unknown, so its keys cannot be checked; only the error above is reported.
            kind = .color(ColorElement(color: .clear))
            return
        }
        let article = kind.type == .image ? "an" : "a"
        table.finishReading(variant: "\(article) \(kind.type.rawValue) element")
    }
}
