import Foundation

/// What a web element's `url` and `allow` entries may be: a page is `file://` with an absolute
/// path, `http://` or `https://`; an origin is `scheme://host[:port]` with nothing after it.
public enum WebURL {
    /// The schemes a page may be loaded with.
    public static let schemes = ["file", "http", "https"]

    /// Why `url` cannot be loaded as written (its scheme, or a relative file:// path), or nil.
    /// Placeholders (`{room}`) are allowed anywhere after the scheme.
    public static func schemeProblem(_ url: String) -> String? {
        guard let range = url.range(of: "://") else {
            return "\"\(url)\" is not a url; use file:///absolute/page.html, http://... or https://..."
        }
        let scheme = url[..<range.lowerBound].lowercased()
        guard schemes.contains(scheme) else {
            return "scheme \"\(scheme)\" is not file, http or https"
        }
        let rest = url[range.upperBound...]
        if scheme == "file" && !rest.hasPrefix("/") {
            return "a file:// url needs an absolute path (file:///etc/swipe-kiosk/web/page.html)"
        }
        if scheme != "file" && (rest.isEmpty || rest.hasPrefix("/")) {
            return "\"\(url)\" names no host"
        }
        return nil
    }

    /// The file a `file://` url names (percent-escapes decoded, query and fragment dropped), or nil.
    public static func filePath(of url: String) -> String? {
        guard url.lowercased().hasPrefix("file://") else { return nil }
        var path = String(url.dropFirst("file://".count))
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        return path.removingPercentEncoding ?? path
    }

    /// Why `origin` is not `scheme://host[:port]`, or nil.
    public static func originProblem(_ origin: String) -> String? {
        let usage = "use an origin such as \"https://intranet.example\" or \"http://127.0.0.1:8080\""
        guard let range = origin.range(of: "://") else { return "\"\(origin)\" is not an origin; \(usage)" }
        let scheme = origin[..<range.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "\"\(origin)\": scheme \"\(scheme)\" is not http or https; \(usage)"
        }
        let authority = origin[range.upperBound...]
        let host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard !authority.isEmpty, !host[0].isEmpty,
              authority.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" || $0 == "_" }),
              host.count == 1 || (Int(host[1]).map { (1...65535).contains($0) } ?? false) else {
            return "\"\(origin)\" is not scheme://host[:port] (no path, no trailing slash); \(usage)"
        }
        return nil
    }
}
