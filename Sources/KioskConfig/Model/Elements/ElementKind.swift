/// What an element draws, with the settings of its type.
public enum ElementKind: Hashable, Sendable {
    case color(ColorElement)
    case gradient(GradientElement)
    case image(ImageElement)
    case text(TextElement)
    case card(CardElement)
    case scroll(ScrollElement)
    case button(ButtonElement)
    case video(VideoElement)
    case web(WebElement)

    public var type: ElementType {
        switch self {
        case .color: .color
        case .gradient: .gradient
        case .image: .image
        case .text: .text
        case .card: .card
        case .scroll: .scroll
        case .button: .button
        case .video: .video
        case .web: .web
        }
    }
}
