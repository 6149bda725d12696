/// Which urls a page may navigate to or load: its own origin and the `allow` origins. The web host
/// enforces it (navigation policy and a content filter); the daemon's check-config reads `origin(of:)`.
///
/// For http and https an origin is `scheme://host[:port]` (the default port dropped, lower case).
/// A file:// page's "origin" is its own folder and what is below it: local files outside it are
/// refused like a foreign site. `about:`, `data:` and `blob:` urls are content the page made itself.
public struct WebOriginPolicy: Equatable, Sendable {
    /// The prefixes an allowed url starts with: `https://host[:port]/` or `file:///folder/`.
    public let prefixes: [String]

    /// The policy of a page at `url` with the extra origins `allow`; nil when `url` is neither
    /// file:// (absolute) nor http(s)://, or an `allow` entry is not an http(s) origin.
    public init?(url: String, allow: [String]) {
        guard let own = Self.prefix(of: url, fileFolder: true) else { return nil }
        var prefixes = [own]
        for origin in allow {
            guard let prefix = Self.prefix(of: origin, fileFolder: false), !prefix.hasPrefix("file:") else { return nil }
            if !prefixes.contains(prefix) { prefixes.append(prefix) }
        }
        self.prefixes = prefixes
    }

    /// The origin of an http(s) url (`https://host[:port]`), or nil for any other url.
    public static func origin(of url: String) -> String? {
        guard let prefix = prefix(of: url, fileFolder: false), !prefix.hasPrefix("file:") else { return nil }
        return String(prefix.dropLast())
    }

    /// Whether the page may navigate to or load `url`.
    public func permits(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("about:") || lower.hasPrefix("data:") || lower.hasPrefix("blob:") { return true }
        guard let normalized = Self.normalized(url) else { return false }
        return prefixes.contains { normalized.hasPrefix($0) }
    }

    /// WebKit's content-blocker rules (JSON) blocking every load but the allowed prefixes' and the
    /// page's own data:/blob:/about: content.
    public func contentFilterJSON() -> String {
        var rules = [#"{"trigger":{"url-filter":".*"},"action":{"type":"block"}}"#]
        for prefix in prefixes + ["about:", "data:", "blob:"] {
            rules.append(#"{"trigger":{"url-filter":"^"# + Self.regexEscaped(prefix) + #""},"action":{"type":"ignore-previous-rules"}}"#)
        }
        return "[" + rules.joined(separator: ",") + "]"
    }

    /// `scheme://host[:port]/` for http(s) (the host lower-cased, a default port dropped), or the
    /// url's folder `file:///a/b/` for an absolute file url when `fileFolder`.
    static func prefix(of url: String, fileFolder: Bool) -> String? {
        guard let normalized = normalized(url) else { return nil }
        if normalized.hasPrefix("file://") {
            guard fileFolder, let slash = normalized.lastIndex(of: "/") else { return nil }
            return String(normalized[...slash])
        }
        let afterScheme = normalized.firstRange(of: "://")!.upperBound
        let end = normalized[afterScheme...].firstIndex(of: "/") ?? normalized.endIndex
        return String(normalized[..<end]) + "/"
    }

    /// The url with a lower-case scheme and host, the default port dropped and a path of at least
    /// "/" (as WebKit writes the urls it loads); nil for a scheme other than file, http and https,
    /// a relative file url or one with user info.
    static func normalized(_ url: String) -> String? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let rest = url[schemeEnd.upperBound...]
        switch scheme {
        case "file":
            guard rest.hasPrefix("/") else { return nil }
            return "file://" + rest
        case "http", "https":
            let authorityEnd = rest.firstIndex(where: { (character: Character) -> Bool in "/?#".contains(character) }) ?? rest.endIndex
            var authority = rest[..<authorityEnd].lowercased()
            guard !authority.isEmpty, !authority.contains("@") else { return nil }
            let defaultPort = scheme == "http" ? ":80" : ":443"
            if authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
            var path = String(rest[authorityEnd...])
            if !path.hasPrefix("/") { path = "/" + path }
            return scheme + "://" + authority + path
        default:
            return nil
        }
    }

    /// `text` as a literal in WebKit's content-blocker regular expressions (escaped for JSON too).
    static func regexEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if ".*+?^$()[]{}|\\".contains(character) { out += "\\\\" }
            if character == "\"" { out += "\\" }
            out.append(character)
        }
        return out
    }
}
