import KioskEngine

/// Which rectangles each scan-out buffer still lacks.
///
/// With several buffers in rotation, a buffer being reused last held a frame from two or three
/// presents ago, so it needs this frame's damage plus whatever changed in the frames it missed
/// (its damage age). A buffer never written holds nothing and needs everything.
struct DamageTracker {
    let bounds: PixelRect
    private var missing: [[PixelRect]]
    /// Above this many rectangles per buffer the list collapses to its bounding box.
    private let maximumRectangles = 16

    init(bufferCount: Int, width: Int, height: Int) {
        bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        missing = Array(repeating: [bounds], count: bufferCount)
    }

    /// Records that `damage` changed and returns what must be copied into `buffer` to bring it up to date.
    mutating func rectanglesToCopy(into buffer: Int, damage: [PixelRect]) -> [PixelRect] {
        let clipped = damage.compactMap { $0.intersection(bounds) }
        for other in missing.indices where other != buffer {
            missing[other] = merged(missing[other] + clipped)
        }
        let needed = merged(missing[buffer] + clipped)
        missing[buffer] = []
        return needed
    }

    /// Forgets every buffer's contents, e.g. after the screen was taken over by someone else.
    mutating func invalidateAll() {
        missing = Array(repeating: [bounds], count: missing.count)
    }

    func missingRectangles(of buffer: Int) -> [PixelRect] { missing[buffer] }

    /// Drops rectangles inside others and collapses long lists, so copies stay few and bounded.
    private func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var kept: [PixelRect] = []
        for rect in rects where !rect.isEmpty {
            if kept.contains(where: { $0.contains(rect) }) { continue }
            kept.removeAll { rect.contains($0) }
            kept.append(rect)
        }
        if kept.count > maximumRectangles {
            return [kept.dropFirst().reduce(kept[0]) { $0.union($1) }]
        }
        return kept
    }
}
