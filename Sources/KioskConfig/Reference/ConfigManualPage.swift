/// `swipe-kiosk.toml(5)` in roff: every table and key of the config file with its type, default,
/// range and whether a reload applies it, printed from the schema the checker reads
/// (`ConfigSchema.walked()`), so the reference and `check-config` cannot disagree.
public enum ConfigManualPage {
    /// The page for `schema`, the whole file's by default.
    public static func render(_ schema: ConfigSchema = .walked()) -> String {
        var page = preamble
        page += ".SH TABLES\n"
        page += "Each key is listed with what it accepts (its type, and range for a number) and what an absent key "
        page += "stands for (its default; with \\(lqno default\\(rq the key is required, or the feature is off or chosen by "
        page += "the program, as the example files describe). Each table says whether a reload applies its keys.\n"
        var rendered: [String] = []
        page += tree(at: "", in: schema, rendered: &rendered)
        return page + closing
    }

    /// The tables at `path`, then those inside them in the order their keys were read.
    private static func tree(at path: String, in schema: ConfigSchema, rendered: inout [String]) -> String {
        let tables = schema.tables(at: path)
        guard let first = tables.first else { return "" }
        var text = ""
        // A table that accepts what another accepts (a scroll's content holds elements) says so once.
        if let same = rendered.first(where: { other in
            schema.tables(at: other).map { [$0.variant: $0.keys] } == tables.map { [$0.variant: $0.keys] }
        }), let sameHeader = schema.tables(at: same).first?.header {
            text += ".SS \"\(escape(first.header))\"\n"
            text += "The keys of \\fB\(escape(sameHeader))\\fR, above, by type.\n"
        } else {
            // Keys every variant shares are listed once, before each variant's own.
            let shared = tables.count > 1 ? first.keys.filter { key in tables.allSatisfy { $0.keys.contains(key) } } : []
            if !shared.isEmpty {
                text += section(title: escape(first.header) + " \\(em every kind", path: path, keys: shared, in: schema)
            }
            for table in tables {
                let title = escape(table.header) + (table.variant.map { " \\(em " + escape($0) } ?? "")
                text += section(title: title, path: path, keys: table.keys.filter { !shared.contains($0) }, in: schema)
            }
        }
        rendered.append(path)
        var children: [String] = []
        for table in tables {
            for key in table.keys where key.isTable && !children.contains(key.name) { children.append(key.name) }
        }
        for child in children {
            text += tree(at: path.isEmpty ? child : "\(path).\(child)", in: schema, rendered: &rendered)
        }
        return text
    }

    /// One `.SS` section; `title` is roff already.
    private static func section(title: String, path: String, keys: [ConfigKey], in schema: ConfigSchema) -> String {
        var text = ".SS \"\(title)\"\n"
        text += applies(path) + "\n"
        let values = keys.filter { !$0.isTable }
        for key in values {
            text += ".TP\n\\fB\(escape(key.name))\\fR\n"
            var line = key.type ?? "a value"
            if let range = key.range { line += ", \(range)" }
            line += key.defaultValue.map { "; default \($0)" } ?? "; no default"
            if startOnlyKeys(in: path).contains(key.name) { line += "; only a restart applies it" }
            text += escape(line) + "\n"
        }
        let tables = keys.filter(\.isTable).map { key -> String in
            let child = path.isEmpty ? key.name : "\(path).\(key.name)"
            return "\\fB" + escape(schema.tables(at: child).first?.header ?? "[\(child)]") + "\\fR"
        }
        if !tables.isEmpty {
            text += ".PP\nTables inside: \(tables.joined(separator: ", ")), below.\n"
        } else if values.isEmpty {
            text += ".PP\nNo other keys.\n"
        }
        return text
    }

    /// When the keys of the table at `path` take effect, from the keys only a start applies (`StartOnlyKey`).
    static func applies(_ path: String) -> String {
        let top = String(path.split(separator: ".").first ?? "")
        if path == "display.output" {
            return "Only a restart applies these keys to the first output; a reload adds, changes and removes the others."
        }
        if StartOnlyKey.tables.contains(top) {
            return "Only a restart applies these keys: a reload keeps their running values and names the ones changed."
        }
        let startOnly = startOnlyKeys(in: path)
        guard !startOnly.isEmpty else { return "A reload applies these keys." }
        let names = startOnly.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        return "A reload applies these keys but \(names), which only a restart applies: a reload keeps its running value and names it when changed."
    }

    /// The keys of a table a reload applies but for these (`[power] backlight`).
    private static func startOnlyKeys(in path: String) -> [String] {
        StartOnlyKey.tables.contains(String(path.split(separator: ".").first ?? "")) ? [] : StartOnlyKey.keys(inTable: path)
    }

    /// Roff text: a backslash is `\e`, a hyphen the minus a key is typed with, and a line may not start with a dot.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    private static let preamble = """
        .TH SWIPE\\-KIOSK.TOML 5 "" "swipe\\-kiosk" "File Formats"
        .SH NAME
        swipe\\-kiosk.toml \\- the configuration file of swipe\\-kiosk
        .SH SYNOPSIS
        .I /etc/swipe\\-kiosk/kiosk.toml
        .SH DESCRIPTION
        The kiosk's screens, display, camera, controls and values are one TOML file, read at start,
        at \\fBsystemctl reload swipe\\-kiosk\\fR (SIGHUP) and at \\fBswipe\\-kiosk ctl reload\\fR.
        An empty file is valid (one transparent screen over the camera's test pattern): every table may
        be left out, and every key but those a table needs, such as an element's type.
        A key the program does not know, a value of the wrong type or out of its range is an error
        naming its file, line and column: \\fBswipe\\-kiosk check\\-config\\fR \\fIFILE\\fR reports
        every one, and a reload that finds any keeps the running configuration.
        .PP
        A reload applies every key but those only a restart applies; it keeps their
        running values and names the changed keys in its answer and in the log until
        \\fBsystemctl restart swipe\\-kiosk\\fR.
        .PP
        This page is printed from the table of keys \\fBcheck\\-config\\fR reads.
        The example files explain what each key does.

        """

    private static let closing = """
        .SH FILES
        .TP
        .I /etc/swipe\\-kiosk/kiosk.toml
        The configuration the service reads.
        .TP
        .I /usr/share/doc/swipe\\-kiosk/examples/
        Example configurations, every key explained in \\fIkiosk.toml\\fR.
        .SH SEE ALSO
        .BR swipe\\-kiosk (1)

        """
}
