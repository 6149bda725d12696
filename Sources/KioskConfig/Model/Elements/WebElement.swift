/// `type = "web"`: a live web page drawn by the web host (`swipe-kiosk-web`, WPE WebKit) in the
/// element's box. The url may hold value placeholders (`{room}`); the page loads the new url when
/// a value changes. Pages must be the integrator's own: Debian's WPE WebKit has no security support.
public struct WebElement: Hashable, Sendable {
    /// `file:///absolute/path`, `http://...` or `https://...`, with `{value}` placeholders.
    public var url: String
    /// The most frames a second the page is asked for (1...60).
    public var maxFps = 30
    /// Origins (`scheme://host[:port]`) besides the url's own the page may load from or navigate to.
    public var allow: [String] = []

    public init(url: String, maxFps: Int = 30, allow: [String] = []) {
        self.url = url
        self.maxFps = maxFps
        self.allow = allow
    }

    init(reading table: TableReader) {
        url = table.nonEmptyString("url") ?? ""
        if !table.contains("url") {
            table.diagnostics.keyError("a web element needs 'url': file:///absolute/page.html, http://... or https://...",
                                       at: table.path)
        } else if !url.isEmpty, let problem = WebURL.schemeProblem(url) {
            table.valueError("url", problem)
        }
        maxFps = table.integer("max-fps", default: maxFps, in: 1...60)
        allow = table.strings("allow") ?? []
        for (index, origin) in allow.enumerated() {
            if let problem = WebURL.originProblem(origin) {
                table.diagnostics.valueError("\(table.path.appending("allow")) element \(index + 1): \(problem)",
                                             at: table.path.appending("allow").appending(index: index))
            }
        }
    }
}
