extension ScreenConfiguration {
    /// Every button on the screen, scroll contents included, in file order.
    public var buttons: [ButtonElement] {
        Self.buttons(in: elements)
    }

    private static func buttons(in elements: [ElementConfiguration]) -> [ButtonElement] {
        elements.flatMap { element -> [ButtonElement] in
            switch element.kind {
            case .button(let button): [button]
            case .scroll(let scroll): buttons(in: scroll.content)
            case .text, .card, .color, .gradient, .image, .video, .web: []
            }
        }
    }
}
