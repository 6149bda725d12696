import KioskConfig
import KioskEngine

/// One view (with subviews where needed) per `[[screen.element]]`.
struct ElementViewFactory {
    /// Called with a screen name when a button is tapped.
    var goTo: (String) -> Void

    func makeView(for element: ElementConfiguration, in container: Size) -> View {
        let view = View(name: element.kind.type.rawValue, frame: element.frame.rect(in: container))
        view.alpha = element.opacity
        switch element.kind {
        case let .color(color):
            view.backgroundColor = color.color
            view.cornerRadius = color.cornerRadius
        case let .gradient(gradient):
            view.content = .linearGradient(linearGradient(gradient.colors, gradient.direction))
            view.cornerRadius = gradient.cornerRadius
            view.clipsToBounds = gradient.cornerRadius > 0
        case let .image(image):
            view.content = .image(ImageContent(path: image.path, fit: image.fit))
            view.cornerRadius = image.cornerRadius
            view.clipsToBounds = image.cornerRadius > 0
        case let .text(text):
            view.content = .text(textContent(text.text, text.style))
        case let .card(card):
            fillCard(view, card)
        case let .scroll(scroll):
            view.clipsToBounds = true
            for child in scroll.content {
                view.addSubview(makeView(for: child, in: view.frame.size))
            }
            view.scrollContentHeight = scroll.contentHeight ?? view.subviews.map(\.frame.maxY).max() ?? 0
        case let .button(button):
            view.backgroundColor = button.color
            view.cornerRadius = button.cornerRadius
            view.content = .text(textContent(button.title, button.textStyle))
            let target = button.target
            view.onTap = { goTo(target) }
        }
        return view
    }

    private func fillCard(_ view: View, _ card: CardElement) {
        view.content = card.colors.count > 1 ? .linearGradient(linearGradient(card.colors, card.direction)) : .none
        view.backgroundColor = card.colors.count == 1 ? card.colors[0] : .clear
        view.cornerRadius = card.cornerRadius
        view.clipsToBounds = true
        view.shadow = card.shadow ? Shadow() : nil
        let inner = view.bounds.insetBy(dx: card.padding, dy: card.padding)
        var y = inner.minY
        if let title = card.title {
            let height = card.titleStyle.size * 1.5
            let label = View(name: "card-title", frame: Rect(x: inner.minX, y: y, width: inner.width, height: height))
            label.content = .text(textContent(title, card.titleStyle))
            view.addSubview(label)
            y += height + card.padding / 2
        }
        if let text = card.text {
            let label = View(name: "card-text", frame: Rect(x: inner.minX, y: y, width: inner.width, height: max(inner.maxY - y, 0)))
            label.content = .text(textContent(text, card.textStyle))
            view.addSubview(label)
        }
    }

    private func textContent(_ string: String, _ style: TextStyle) -> TextContent {
        TextContent(string, fontSize: style.size, color: style.color, alignment: style.alignment,
                    bold: style.weight == .bold, fontFamily: style.font, maxLines: style.maxLines,
                    overflow: style.overflow, lineSpacing: style.lineSpacing)
    }

    private func linearGradient(_ colors: [Color], _ direction: GradientDirection) -> LinearGradient {
        switch direction {
        case .vertical: LinearGradient(colors: colors)
        case .horizontal: LinearGradient(colors: colors, start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
        case .diagonal: LinearGradient(colors: colors, start: Point(x: 0, y: 0), end: Point(x: 1, y: 1))
        }
    }
}
