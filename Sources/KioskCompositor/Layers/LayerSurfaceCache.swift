import KioskEngine

/// Views' drawn surfaces, kept while a view shows them and within a byte budget.
///
/// Each view claims the surface it shows now (`claim`). When its content changes (a clock's next
/// second), the new surface replaces the old one, and the old one is released at once unless
/// another view still claims it; a view that is gone (a replaced scene) releases its claim at the
/// next `trim`. Over the budget, the surfaces used longest ago go first, never one the current
/// frame shows: a view whose surface was dropped has it drawn again when it is next shown.
final class LayerSurfaceCache {
    private struct Entry {
        var image: PixmanImage
        /// Where the surface has any ink (alpha above zero), in its own pixels; nil when it has none.
        var ink: PixelRect?
        var lastUsed: UInt64
        var bytes: Int
    }

    /// A view's latest surface; the view is held weakly, so a view that is gone is noticed.
    private struct Claim {
        weak var view: View?
        var key: LayerSurfaceKey
    }

    private var entries: [LayerSurfaceKey: Entry] = [:]
    private var claims: [ObjectIdentifier: Claim] = [:]
    /// How many views claim each surface.
    private var claimCounts: [LayerSurfaceKey: Int] = [:]
    /// Layouts outlive surfaces whose look changes while their text stays: a frame never lays out text.
    let textLayouts = TextLayoutCache()
    private lazy var painter = LayerPainter(textLayouts: textLayouts)
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
    /// The most bytes the kept surfaces may take; the current frame's surfaces are kept whatever they take.
    var budgetBytes: Int
    /// Bytes the kept surfaces take.
    private(set) var bytes = 0
    /// Surfaces drawn since the cache was made: tests tell drawing ahead from drawing in a frame.
    private(set) var paintedCount = 0
    /// Picture files decoded since the cache was made: a reload decodes only the pictures that changed.
    private(set) var picturesDecoded = 0
    /// The frame the latest `claim` or `surface(for:)` came from: what `trim` never drops.
    private var currentFrame: UInt64 = 0

    /// Surfaces up to `budgetBytes` are kept (`RuntimeMemory.surfaceCacheBytes`, which the memory estimate counts).
    init(budgetBytes: Int = RuntimeMemory.surfaceCacheBytes) {
        self.budgetBytes = budgetBytes
    }

    var count: Int { entries.count }

    /// `view` shows the surface `key` from `frame` on (nil: it needs none now); the surface it
    /// showed before is released.
    func claim(_ key: LayerSurfaceKey?, by view: View, frame: UInt64) {
        currentFrame = max(currentFrame, frame)
        let id = ObjectIdentifier(view)
        if let previous = claims[id] {
            if previous.view === view, previous.key == key {
                if let key { touch(key, frame: frame) }
                return
            }
            claims[id] = nil
            release(previous.key)
        }
        guard let key else { return }
        claims[id] = Claim(view: view, key: key)
        claimCounts[key, default: 0] += 1
        touch(key, frame: frame)
    }

    /// The surface drawn for `key`, and the part of it that has any ink: a label's surface spans
    /// its view, its glyphs often a small part of that, and compositing the rest would change nothing.
    func surface(for key: LayerSurfaceKey, frame: UInt64) -> (image: PixmanImage, ink: PixelRect?) {
        currentFrame = max(currentFrame, frame)
        if var entry = entries[key] {
            entry.lastUsed = frame
            entries[key] = entry
            return (entry.image, entry.ink)
        }
        let painted = painter.paint(key)
        paintedCount += 1
        if case .image = key.content { picturesDecoded += 1 }
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
        entries[key] = Entry(image: image, ink: ink, lastUsed: frame, bytes: painted.buffer.byteCount)
        bytes += painted.buffer.byteCount
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
        for key in failed.keys { drop(key) }
        retrying.merge(failed) { _, new in new }
        failed = [:]
    }

    /// Releases the claim of `view`, whose surface need not be kept for it any more (a screen a
    /// swipe can no longer reach).
    func unclaim(_ view: View) {
        claim(nil, by: view, frame: currentFrame)
    }

    /// Releases the claims of views that are gone, drops surfaces no view claims (but the current
    /// frame's), then the least recently used ones while over the budget; text layouts follow.
    func trim() {
        for (id, claim) in claims where claim.view == nil {
            claims[id] = nil
            release(claim.key)
        }
        for (key, entry) in entries where claimCounts[key] == nil && entry.lastUsed < currentFrame {
            drop(key)
        }
        if bytes > budgetBytes {
            for (key, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                guard bytes > budgetBytes, entry.lastUsed < currentFrame else { break }
                drop(key)
            }
        }
        textLayouts.evict(keeping: Set(entries.keys.compactMap(\.textLayoutKey)))
    }

    func takeErrors() -> [String] {
        defer { errors.removeAll() }
        return errors
    }

    private func touch(_ key: LayerSurfaceKey, frame: UInt64) {
        entries[key]?.lastUsed = frame
    }

    /// One claim on `key` fewer; with none left nothing shows the surface, so it goes now (its text
    /// layout stays until `trim`, for a replacement that differs only in its look).
    private func release(_ key: LayerSurfaceKey) {
        guard let count = claimCounts[key] else { return }
        if count > 1 {
            claimCounts[key] = count - 1
            return
        }
        claimCounts[key] = nil
        drop(key)
    }

    private func drop(_ key: LayerSurfaceKey) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        bytes -= entry.bytes
    }
}
