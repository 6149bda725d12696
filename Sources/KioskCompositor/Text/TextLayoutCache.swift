import KioskEngine

/// Text layouts kept with the content and box they were made for: a layout is made once, when
/// its text, style or size is new, and never while a frame is composed from cached surfaces.
final class TextLayoutCache {
    /// What a layout depends on: the text with its style, and the box.
    struct Key: Hashable {
        var content: TextContent
        var width: Int
        var height: Int
    }

    /// Made at the first text: a cache whose surfaces never hold text loads no fonts.
    private lazy var shaper = TextShaper()
    private var layouts: [Key: TextLayout] = [:]
    /// Layouts kept now.
    var count: Int { layouts.count }
    /// Layouts made since the cache was created: tests count them.
    private(set) var layoutsMade = 0

    /// The layout for `key`, made now only if none is kept.
    func layout(for key: Key) -> TextLayout {
        if let layout = layouts[key] { return layout }
        let layout = shaper.layout(key.content, width: Double(key.width), height: Double(key.height))
        layoutsMade += 1
        layouts[key] = layout
        return layout
    }

    /// Drops every layout but those of `live`: the text of surfaces still cached, whose background
    /// or corners may change without their text changing.
    func evict(keeping live: Set<Key>) {
        layouts = layouts.filter { live.contains($0.key) }
    }
}
