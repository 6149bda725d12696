import Foundation
import KioskEngine

/// `check-config`'s look at each web element's page: a `file://` page that does not exist or is not
/// a regular file is an error at the url's line (the daemon starts anyway and shows the element's
/// background). A url with placeholders is checked once the values fill it, by the host's load;
/// http(s) pages are not reached: the network may come later.
struct WebPageCheck {
    let fileName: String
    let locator: SourceLocator

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        for (index, screen) in configuration.screens.enumerated() {
            check(screen.elements, at: ConfigPath.root.appending("screen").appending(index: index).appending("element"),
                  into: &found)
        }
        return found
    }

    private func check(_ elements: [ElementConfiguration], at path: ConfigPath, into found: inout [ConfigDiagnostic]) {
        for (index, element) in elements.enumerated() {
            switch element.kind {
            case .web(let web):
                if let problem = Self.problem(with: web.url) {
                    let key = path.appending(index: index).appending("url")
                    found.append(ConfigDiagnostic(file: fileName,
                                                  position: locator.valuePosition(of: key) ?? SourcePosition(line: 1, column: 1),
                                                  message: "\(key): \(web.url): \(problem); the element shows its background instead"))
                }
            case .scroll(let scroll):
                check(scroll.content, at: path.appending(index: index).appending("content"), into: &found)
            case .color, .gradient, .image, .text, .card, .button, .video:
                break
            }
        }
    }

    /// Why the page of a `file://` url cannot load, or nil.
    static func problem(with url: String) -> String? {
        guard !url.contains("{"), let path = WebURL.filePath(of: url) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return "no such file" }
        if let kind = RegularFile.irregularKind(of: path) { return "is \(kind), not a regular file" }
        return nil
    }
}
