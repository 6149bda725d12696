import CPixman
import KioskEngine

/// A set of whole pixels made of rectangles: damage, occlusion and visibility, on pixman's regions.
final class Region {
    /// On the heap, so pixman always sees one stable address.
    private let raw: UnsafeMutablePointer<pixman_region32_t>

    init() {
        raw = .allocate(capacity: 1)
        pixman_region32_init(raw)
    }

    convenience init(_ rect: PixelRect) {
        self.init()
        add(rect)
    }

    convenience init(_ rects: [PixelRect]) {
        self.init()
        for rect in rects { add(rect) }
    }

    deinit {
        pixman_region32_fini(raw)
        raw.deallocate()
    }

    func copy() -> Region {
        let other = Region()
        pixman_region32_copy(other.raw, raw)
        return other
    }

    var isEmpty: Bool { pixman_region32_not_empty(raw) == 0 }

    var rects: [PixelRect] {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(raw, &count) else { return [] }
        return (0..<Int(count)).map {
            let box = boxes[$0]
            return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
        }
    }

    var extents: PixelRect {
        let box = raw.pointee.extents
        return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
    }

    var area: Int { rects.reduce(0) { $0 + $1.area } }

    func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        pixman_region32_union_rect(raw, raw, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    }

    func add(_ other: Region) {
        pixman_region32_union(raw, raw, other.raw)
    }

    func subtract(_ other: Region) {
        pixman_region32_subtract(raw, raw, other.raw)
    }

    func intersect(_ other: Region) {
        pixman_region32_intersect(raw, raw, other.raw)
    }

    func intersect(_ rect: PixelRect) {
        if rect.isEmpty {
            pixman_region32_clear(raw)
        } else {
            pixman_region32_intersect_rect(raw, raw, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
    }

    func intersection(_ other: Region) -> Region {
        let result = copy()
        result.intersect(other)
        return result
    }

    func subtracting(_ other: Region) -> Region {
        let result = copy()
        result.subtract(other)
        return result
    }

    func equals(_ other: Region) -> Bool {
        pixman_region32_equal(raw, other.raw) != 0
    }

    /// Runs `body` with a pointer pixman calls can read the region through.
    func withRaw<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) -> R) -> R {
        body(raw)
    }
}
