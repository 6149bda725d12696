import CPango
import KioskEngine

/// A text content shaped and broken into lines for one box, drawn any number of times without
/// being laid out again.
///
/// Pango decides the lines: wrapping at word boundaries (Thai by dictionary), between characters
/// only in a word wider than the box; each paragraph's direction from its text. This type decides
/// which lines show (`maxLines`, the box's height, one at least), the ellipsis, and where each line
/// sits: `left`, `center` and `right` are absolute, `start` and `end` follow the paragraph's direction.
final class TextLayout {
    private let layout: OpaquePointer
    private let text: String
    /// Where each shown line's left end and baseline go, in the box's pixels.
    private let origins: [(x: Double, baseline: Double)]

    /// The lines drawn, in order; the text beyond them is clipped or ellipsized.
    var lineCount: Int { origins.count }

    /// Takes ownership of `layout`, a fresh PangoLayout.
    init(_ content: TextContent, width: Double, height: Double, layout: OpaquePointer) {
        self.layout = layout
        self.text = content.string
        pango_layout_set_text(layout, content.string, -1)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, content.fontFamily)
        pango_font_description_set_absolute_size(font, content.fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, content.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Self.pangoUnits(width))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        // Pango's own spacing (0) follows each line's fonts, as pango-view does; a factor scales the font's height.
        pango_layout_set_line_spacing(layout, content.lineSpacing == 1 ? 0 : Float(content.lineSpacing))

        let fitting = max(Self.lineBottoms(layout).prefix { $0 <= height + 0.5 }.count, 1)
        let shown = min(fitting, content.maxLines ?? Int.max)
        if content.overflow == .ellipsis && Int(pango_layout_get_line_count(layout)) > shown {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            // A negative height is a number of lines: the last of them ends in the ellipsis.
            pango_layout_set_height(layout, -Int32(shown))
        }
        origins = Self.origins(layout, shown: shown, alignment: content.alignment, width: width, height: height)
    }

    /// The text of each line drawn; an ellipsized line's is all the text it ellipsizes.
    var lines: [String] {
        let utf8 = Array(text.utf8)
        return origins.indices.compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return nil }
            let start = Int(line.pointee.start_index), end = min(start + Int(line.pointee.length), utf8.count)
            return String(decoding: utf8[start..<end], as: UTF8.self)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The lines' glyph coverage in a `width` x `height` mask, the box's top left corner at the mask's
    /// (`x`, `y`): FreeType's anti-aliased glyphs, each at a whole-pixel origin.
    func coverage(width: Int, height: Int, x: Int = 0, y: Int = 0) -> CoverageMask {
        let mask = CoverageMask(width: width, height: height)
        var bitmap = FT_Bitmap()
        bitmap.rows = UInt32(mask.height)
        bitmap.width = UInt32(mask.width)
        bitmap.pitch = Int32(mask.stride)
        bitmap.buffer = mask.bytes
        bitmap.num_grays = 256
        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        for (index, origin) in origins.enumerated() {
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
            pango_ft2_render_layout_line(&bitmap, line, Int32(origin.x) + Int32(x), Int32(origin.baseline) + Int32(y))
        }
        return mask
    }

    /// Draws the lines in `color` onto `buffer`, the box's top left corner at (`x`, `y`).
    func draw(into buffer: PixelBuffer, color: Color, x: Int = 0, y: Int = 0) {
        coverage(width: buffer.width, height: buffer.height, x: x, y: y).fill(buffer, with: color)
    }

    private static func pangoUnits(_ pixels: Double) -> Int32 {
        Int32(max(pixels, 0) * Double(PANGO_SCALE))
    }

    private static func pixels(_ units: Int32) -> Double {
        Double(units) / Double(PANGO_SCALE)
    }

    /// Each line's bottom edge in pixels from the layout's top.
    private static func lineBottoms(_ layout: OpaquePointer) -> [Double] {
        var bottoms: [Double] = []
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        repeat {
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &top, &bottom)
            bottoms.append(pixels(bottom))
        } while pango_layout_iter_next_line(iter) != 0
        return bottoms
    }

    /// The first `shown` lines' origins, the block of them centred vertically in the box so that
    /// baselines do not jump between strings of one line.
    private static func origins(_ layout: OpaquePointer, shown: Int, alignment: TextAlignment,
                                width: Double, height: Double) -> [(x: Double, baseline: Double)] {
        var lines: [(x: Double, baseline: Double)] = []
        var blockHeight = 0.0
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { break }
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            let lineWidth = pixels(logical.width)
            let rightToLeft = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
            let left: Double
            switch alignment {
            case .left: left = 0
            case .center: left = (width - lineWidth) / 2
            case .right: left = width - lineWidth
            case .start: left = rightToLeft ? width - lineWidth : 0
            case .end: left = rightToLeft ? 0 : width - lineWidth
            }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &top, &bottom)
            blockHeight = pixels(bottom)
            lines.append((left - pixels(logical.x), pixels(pango_layout_iter_get_baseline(iter))))
        } while lines.count < shown && pango_layout_iter_next_line(iter) != 0
        let top = (height - blockHeight) / 2
        return lines.map { (x: $0.x.rounded(), baseline: ($0.baseline + top).rounded()) }
    }
}
