import KioskConfig
import KioskEngine

/// One view showing a text with placeholders; it remembers the text it shows so an unchanged
/// text leaves the view (and the frame) alone.
final class TextBinding {
    private(set) weak var view: View?
    let template: TextTemplate
    private let content: (String) -> ViewContent
    private var shown: String?

    init(view: View, template: TextTemplate, content: @escaping (String) -> ViewContent) {
        self.view = view
        self.template = template
        self.content = content
    }

    /// Renders the template with `values`; true when the view's text changed.
    @discardableResult
    func update(with values: [String: String]) -> Bool {
        let text = template.render { values[$0] }
        guard text != shown, let view else { return false }
        shown = text
        view.content = content(text)
        return true
    }
}
