import KioskConfig
import KioskEngine

/// One view (with subviews where needed) per `[[screen.element]]`.
struct ElementViewFactory {
    /// Where `{name}` placeholders get their text; bound texts follow its changes.
    var values: ValueStore
    /// Called when a button is pressed (after its `confirm-ms`).
    var press: (ButtonElement) -> Void

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
            bindText(text.text, text.style, to: view)
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
            bindText(button.title, button.textStyle, to: view)
            ButtonBehaviour(button: button).attach(to: view) { press(button) }
        case let .video(video):
            view.content = .video(VideoContent(source: video.path, fit: video.fit, loops: video.loop, audio: video.audio))
        case let .web(web):
            // `WebPages` fills the url's placeholders and loads the page in the web host.
            view.content = .web(WebContent(url: web.url, maxFps: web.maxFps, allow: web.allow))
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
            bindText(title, card.titleStyle, to: label)
            view.addSubview(label)
            y += height + card.padding / 2
        }
        if let text = card.text {
            let label = View(name: "card-text", frame: Rect(x: inner.minX, y: y, width: inner.width, height: max(inner.maxY - y, 0)))
            bindText(text, card.textStyle, to: label)
            view.addSubview(label)
        }
    }

    /// Shows `text` in `view`, its placeholders filled from `values` now and after each change.
    private func bindText(_ text: String, _ style: TextStyle, to view: View) {
        let template = (try? TextTemplate(parsing: text)) ?? TextTemplate(literal: text)
        values.bind(view, template: template) { string in .text(textContent(string, style)) }
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
