/// `check-config`'s look at the font families a configuration names: a `font` that no installed
/// family matches is a warning at its key naming the family and the font drawn instead (fontconfig
/// falls back without a word, so a kiosk would show another typeface than the one written).
struct FontCheck {
    let locator: SourceLocator
    let fileName: String
    /// The family text is drawn in for a `font` value when none of its families is installed; nil
    /// when one is (or the value names only generic families such as "Sans").
    let substitute: (String) -> String?

    func warnings(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        var checked: [String: String?] = [:]
        for (index, screen) in configuration.screens.enumerated() {
            let elements = ConfigPath.root.appending("screen").appending(index: index).appending("element")
            check(screen.elements, at: elements, checked: &checked, into: &found)
        }
        return found
    }

    private func check(_ elements: [ElementConfiguration], at path: ConfigPath, checked: inout [String: String?],
                       into found: inout [ConfigDiagnostic]) {
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            let font: String
            switch element.kind {
            case .text(let text): font = text.style.font
            case .card(let card): font = card.textStyle.font
            case .button(let button): font = button.textStyle.font
            case .scroll(let scroll):
                check(scroll.content, at: elementPath.appending("content"), checked: &checked, into: &found)
                continue
            case .color, .gradient, .image, .video, .web:
                continue
            }
            let key = elementPath.appending("font")
            // Only a family written in the file: the defaults are generic.
            guard let position = locator.valuePositions[key] else { continue }
            if checked[font] == nil { checked[font] = .some(substitute(font)) }
            guard case .some(.some(let used)) = checked[font] else { continue }
            found.append(ConfigDiagnostic(file: fileName, position: position,
                                          message: "\(key): no installed font family matches \"\(font)\"; text is drawn in "
                                              + "\"\(used)\" instead (install the font, or name one `fc-list : family` lists)"))
        }
    }
}
