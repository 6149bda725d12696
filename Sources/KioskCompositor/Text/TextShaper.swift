import CPango
import KioskEngine

/// The Pango font map and context text is laid out with: fonts found and fallen back on through
/// fontconfig, glyphs shaped by HarfBuzz, lines broken by Unicode rules and Pango's dictionaries.
final class TextShaper {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer

    init() {
        // A font map of its own, not the per-thread default: the compositor may draw from any thread.
        // FreeType renders the glyphs with fontconfig's anti-aliasing and hinting, as cairo did.
        fontMap = pango_ft2_font_map_new()
        // Sizes are absolute (pixels), so the resolution only matters to a size given in points.
        pango_ft2_font_map_set_resolution(OpaquePointer(fontMap), 96, 96)
        context = pango_font_map_create_context(fontMap)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The family fontconfig loads for `families` (a comma-separated list, as `font` is written).
    func loadedFamily(for families: String) -> String? {
        guard let description = pango_font_description_from_string(families) else { return nil }
        defer { pango_font_description_free(description) }
        guard let font = pango_font_map_load_font(fontMap, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let loaded = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(loaded) }
        return pango_font_description_get_family(loaded).map { String(cString: $0) }
    }

    /// `content` shaped and broken into the lines that fit `width` x `height` pixels.
    func layout(_ content: TextContent, width: Double, height: Double) -> TextLayout {
        TextLayout(content, width: width, height: height, layout: pango_layout_new(context))
    }
}
