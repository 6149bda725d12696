import KioskEngine

/// Views' drawn surfaces, kept until their key has gone unused for a while.
final class LayerSurfaceCache {
    private struct Entry {
        var image: PixmanImage
        /// Where the surface has any ink (alpha above zero), in its own pixels; nil when it has none.
        var ink: PixelRect?
        var lastUsed: UInt64
    }

    private var entries: [LayerSurfaceKey: Entry] = [:]
    /// Layouts outlive surfaces whose look changes while their text stays: a frame never lays out text.
    let textLayouts = TextLayoutCache()
    private lazy var painter = LayerPainter(textLayouts: textLayouts)
    /// Frames a surface may go unused before it is dropped: long enough for a transition to come back.
    private let keepFrames: UInt64 = 600
    /// Content that could not be drawn, one message per problem, for the daemon's log.
    private(set) var errors: [String] = []
    /// Surfaces drawn without their content (a picture missing or undecodable), with why.
    private var failed: [LayerSurfaceKey: String] = [:]
    /// Failed surfaces dropped for another try and not drawn since (a view no longer shown stays
    /// here, so it is not tried again and again).
    private var retrying: [LayerSurfaceKey: String] = [:]
    /// Problems already in `errors` once: drawing the surface again with the same problem (a
    /// retry, a new size) does not report it again until it has been drawn right.
    private var reported: Set<String> = []

    var count: Int { entries.count }

    /// The surface drawn for `key`, and the part of it that has any ink: a label's surface spans
    /// its view, its glyphs often a small part of that, and compositing the rest would change nothing.
    func surface(for key: LayerSurfaceKey, frame: UInt64) -> (image: PixmanImage, ink: PixelRect?) {
        if var entry = entries[key] {
            entry.lastUsed = frame
            entries[key] = entry
            return (entry.image, entry.ink)
        }
        let painted = painter.paint(key)
        if let error = painted.error {
            failed[key] = error
            retrying[key] = nil
            if reported.insert(error).inserted { errors.append(error) }
        } else if let error = failed.removeValue(forKey: key) ?? retrying.removeValue(forKey: key) {
            reported.remove(error)
        }
        let image = PixmanImage(painted.buffer, opaque: false)
        let whole = PixelRect(x: 0, y: 0, width: painted.buffer.width, height: painted.buffer.height)
        let ink = key.isBodyOpaque ? whole : Self.inkBounds(of: painted.buffer)
        entries[key] = Entry(image: image, ink: ink, lastUsed: frame)
        return (image, ink)
    }

    /// The smallest rectangle holding every pixel whose alpha is above zero; nil when there is none.
    static func inkBounds(of buffer: PixelBuffer) -> PixelRect? {
        var minX = buffer.width, minY = buffer.height, maxX = -1, maxY = -1
        for y in 0..<buffer.height {
            let row = buffer.pixels + y * buffer.rowLength
            var first = -1, last = -1
            for x in 0..<buffer.width where row[x] >> 24 != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minX = min(minX, first)
            maxX = max(maxX, last)
            if minY > y { minY = y }
            maxY = y
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Whether some surface was drawn without its content, which a later try may find.
    var hasFailedSurfaces: Bool { !failed.isEmpty }

    /// Forgets the surfaces drawn without their content, so the next frame draws them again from
    /// the files as they are now (a good picture may have appeared at the path).
    func dropFailedSurfaces() {
        for key in failed.keys { entries[key] = nil }
        retrying.merge(failed) { _, new in new }
        failed = [:]
    }

    /// Drops surfaces no frame has used recently.
    func evict(before frame: UInt64) {
        guard frame > keepFrames else { return }
        entries = entries.filter { $0.value.lastUsed + keepFrames >= frame }
        textLayouts.evict(keeping: Set(entries.keys.compactMap(\.textLayoutKey)))
    }

    func takeErrors() -> [String] {
        defer { errors.removeAll() }
        return errors
    }
}
