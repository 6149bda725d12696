import CPango

/// The FreeType the process runs with, as major and minor version: text goldens depend on its rasterizer.
enum FreeTypeVersion {
    /// The FreeType the text goldens were drawn with (Debian 12's 2.12).
    static let goldens = "2.12"

    /// "MAJOR.MINOR" of the linked FreeType, or "unknown".
    static let current: String = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor)"
    }()
}
