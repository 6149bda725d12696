import Foundation
import KioskEngine

/// Everything that decides how a view's own drawing looks, so equal keys share one cached surface.
struct LayerSurfaceKey: Hashable, Sendable {
    var width: Int
    var height: Int
    var backgroundColor: Color
    var cornerRadius: Double
    var shadow: Shadow?
    /// Never a background feed: those come from the feed frame, not from the painter.
    var content: ViewContent
    /// For picture content, which version of the file it shows: a picture replaced at the same
    /// path is another surface, drawn from the new file.
    var picture: FileIdentity? = nil

    /// Room around the bounds for the shadow's blur and offset.
    var margin: Int {
        guard let shadow else { return 0 }
        return Int((shadow.radius * 1.5 + max(abs(shadow.offset.x), abs(shadow.offset.y))).rounded(.up)) + 1
    }

    var surfaceWidth: Int { width + 2 * margin }
    var surfaceHeight: Int { height + 2 * margin }

    /// The layout its text needs, if its content is text.
    var textLayoutKey: TextLayoutCache.Key? {
        guard case .text(let text) = content else { return nil }
        return TextLayoutCache.Key(content: text, width: width, height: height)
    }

    var radius: Double { min(max(cornerRadius, 0), Double(min(width, height)) / 2) }

    /// True for a square box of one colour, with no shadow and nothing drawn in it.
    var isPlainColor: Bool { content == .none && shadow == nil && radius <= 0 }

    /// True when every pixel of the bounds (outside the rounded corners) is opaque.
    var isBodyOpaque: Bool {
        if backgroundColor.isOpaque { return true }
        if case .linearGradient(let gradient) = content { return gradient.isOpaque }
        return false
    }

    /// The opaque part of the bounds in the view's coordinates: the body without its rounded corners.
    var opaqueRects: [Rect] {
        guard isBodyOpaque else { return [] }
        let w = Double(width), h = Double(height)
        // The corner arcs stay inside a square of side radius; a little more keeps clear of anti-aliasing.
        let r = radius > 0 ? radius.rounded(.up) + 1 : 0
        if r == 0 { return [Rect(x: 0, y: 0, width: w, height: h)] }
        return [Rect(x: r, y: 0, width: w - 2 * r, height: h), Rect(x: 0, y: r, width: w, height: h - 2 * r)]
            .filter { !$0.isEmpty }
    }
}
