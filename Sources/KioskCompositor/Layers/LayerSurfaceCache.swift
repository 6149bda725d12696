import KioskEngine

/// Views' drawn surfaces, kept until their key has gone unused for a while.
final class LayerSurfaceCache {
    private struct Entry {
        var image: PixmanImage
        var lastUsed: UInt64
    }

    private var entries: [LayerSurfaceKey: Entry] = [:]
    private let painter = LayerPainter()
    /// Frames a surface may go unused before it is dropped: long enough for a transition to come back.
    private let keepFrames: UInt64 = 600
    /// Content that could not be drawn, one message per problem, for the daemon's log.
    private(set) var errors: [String] = []

    var count: Int { entries.count }

    func image(for key: LayerSurfaceKey, frame: UInt64) -> PixmanImage {
        if var entry = entries[key] {
            entry.lastUsed = frame
            entries[key] = entry
            return entry.image
        }
        let painted = painter.paint(key)
        if let error = painted.error { errors.append(error) }
        let image = PixmanImage(painted.buffer, opaque: false)
        entries[key] = Entry(image: image, lastUsed: frame)
        return image
    }

    /// Drops surfaces no frame has used recently.
    func evict(before frame: UInt64) {
        guard frame > keepFrames else { return }
        entries = entries.filter { $0.value.lastUsed + keepFrames >= frame }
    }

    func takeErrors() -> [String] {
        defer { errors.removeAll() }
        return errors
    }
}
