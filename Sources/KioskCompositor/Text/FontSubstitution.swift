import Foundation

/// Whether a config's `font` names an installed family, or fontconfig silently draws another.
public enum FontSubstitution {
    /// The generic families fontconfig always maps to some installed font: not a substitution.
    static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui",
                                               "cursive", "fantasy", "emoji", "math"]

    /// The family text is drawn in for `families` when none of the listed families is installed;
    /// nil when one is, or when the list names a generic family ("Sans").
    public static func substitute(for families: String) -> String? {
        let wanted = families.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !wanted.contains(where: genericFamilies.contains) else { return nil }
        // Pango reads a trailing word as a style or size ("Noto Sans Bold"): a final comma keeps
        // the list a list of families.
        guard let used = TextShaper().loadedFamily(for: families + ",") else { return nil }
        return wanted.contains(used.lowercased()) ? nil : used
    }
}
