import KioskConfig
import KioskEngine

/// The current text of every `[[value]]`, and the views that show them.
///
/// A view whose text holds `{name}` is bound here; a change to a value re-renders only the texts
/// that name it, and touches a view only when its text actually changed, so the compositor's
/// damage covers just those views and an unchanged text costs nothing.
public final class ValueStore {
    private var current: [String: String] = [:]
    private var sources: [String: ValueSourceKind] = [:]
    /// The names in file order, for `Values` and `ctl get`.
    public private(set) var names: [String] = []
    private var bindings: [TextBinding] = []
    /// A value changed and at least one view shows its new text: a frame is due.
    var onViewsChanged: () -> Void = {}
    /// A value's text changed (whether or not a screen shows it).
    var onValueChanged: (String) -> Void = { _ in }

    /// Every value of `values` at its `initial` text.
    public init(_ values: [ValueConfiguration]) {
        configure(values)
    }

    /// Takes a new set of values (a reload): a value that keeps its name and source keeps its text.
    func configure(_ values: [ValueConfiguration]) {
        let oldTexts = current, oldSources = sources
        current = [:]
        sources = [:]
        names = values.map(\.name)
        for value in values {
            sources[value.name] = value.source.kind
            let kept = oldSources[value.name] == value.source.kind ? oldTexts[value.name] : nil
            current[value.name] = kept ?? value.initial
        }
        refresh { _ in true }
    }

    /// The values, their sources and texts at one moment, to go back to (a reload that failed).
    struct Snapshot {
        fileprivate var current: [String: String]
        fileprivate var sources: [String: ValueSourceKind]
        fileprivate var names: [String]
    }

    func snapshot() -> Snapshot {
        Snapshot(current: current, sources: sources, names: names)
    }

    /// Goes back to `snapshot`: its values, with the texts they had, shown again wherever bound.
    func restore(_ snapshot: Snapshot) {
        current = snapshot.current
        sources = snapshot.sources
        names = snapshot.names
        refresh { _ in true }
    }

    /// The text `name` shows now; nil when there is no such value.
    public func value(_ name: String) -> String? { current[name] }

    /// Every value's text.
    public var values: [String: String] { current }

    /// Where `name` gets its text; nil when there is no such value.
    public func source(of name: String) -> ValueSourceKind? { sources[name] }

    /// Gives `name` a new text and redraws the views that show it (when their text changed).
    func set(_ name: String, to text: String) {
        guard current[name] != nil, current[name] != text else { return }
        current[name] = text
        onValueChanged(name)
        refresh { $0.template.names.contains(name) }
    }

    /// Shows `template` in `view` through `content`, now and whenever a value it names changes.
    func bind(_ view: View, template: TextTemplate, content: @escaping (String) -> ViewContent) {
        // A view rebound (a tab highlighted anew) keeps only its newest binding.
        bindings.removeAll { $0.view == nil || $0.view === view }
        let binding = TextBinding(view: view, template: template, content: content)
        binding.update(with: current)
        if !template.names.isEmpty { bindings.append(binding) }
    }

    /// How many views follow values now.
    var bindingCount: Int {
        bindings.filter { $0.view != nil }.count
    }

    private func refresh(_ affected: (TextBinding) -> Bool) {
        bindings.removeAll { $0.view == nil }
        var changed = false
        for binding in bindings where affected(binding) {
            if binding.update(with: current) { changed = true }
        }
        if changed { onViewsChanged() }
    }
}
