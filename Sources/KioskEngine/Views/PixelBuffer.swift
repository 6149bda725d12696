import Glibc

/// A block of 32-bit pixels in memory: the compositor's target, a camera frame, a decoded image.
///
/// The format is pixman's a8r8g8b8 (x8r8g8b8 when opaque): one little-endian UInt32 per pixel,
/// 0xAARRGGBB, premultiplied alpha, which is also DRM's XRGB8888. The memory is owned by the
/// buffer and stays at one address for its lifetime, so C libraries can draw into it.
/// Ownership passes between threads by handing the whole buffer over, never by sharing writes.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row; a multiple of 4.
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Bumped by whoever fills the buffer with a new picture, so caches can tell frames apart.
    public var sequence: UInt64 = 0
    /// The rectangles (buffer pixels) that the last few `markChanged` calls changed, by the
    /// sequence each made; a compositor redraws only those (a web page's damage).
    private var changes: [(sequence: UInt64, rects: [PixelRect])] = []
    /// Bytes mapped for the pixels, when they are a mapping of their own; 0 when they came from malloc.
    private let mappedBytes: Int

    /// Buffers from this size up get pages of their own, so freeing one gives its memory back to the
    /// system at once: from the heap, glibc raises its mmap threshold after the first large free, and
    /// a stream of changing surfaces (a seconds clock) then leaves freed frames in the heap for good.
    static let mappingThreshold = 64 * 1024

    public init(width: Int, height: Int, stride: Int? = nil) {
        precondition(width >= 0 && height >= 0, "negative size \(width)x\(height)")
        self.width = width
        self.height = height
        self.stride = stride ?? width * 4
        precondition(self.stride >= width * 4 && self.stride % 4 == 0, "bad stride \(self.stride) for width \(width)")
        let count = max(self.stride / 4 * height, 1)
        let bytes = count * 4
        if bytes >= Self.mappingThreshold,
           let mapping = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapping != MAP_FAILED {
            // Anonymous pages start zeroed.
            pixels = mapping.bindMemory(to: UInt32.self, capacity: count)
            mappedBytes = bytes
        } else {
            pixels = .allocate(capacity: count)
            pixels.initialize(repeating: 0, count: count)
            mappedBytes = 0
        }
    }

    deinit {
        if mappedBytes > 0 {
            munmap(pixels, mappedBytes)
        } else {
            pixels.deallocate()
        }
    }

    /// A new picture that differs from the last one only inside `rects` (buffer pixels): bumps
    /// `sequence` and remembers them for `changedRects(since:)`.
    public func markChanged(_ rects: [PixelRect]) {
        sequence &+= 1
        changes.append((sequence, rects))
        if changes.count > 4 { changes.removeFirst() }
    }

    /// What changed between the picture of `old` and this one: empty when it is the same, nil when
    /// not known (a bump without `markChanged`, or too long ago), so the caller takes everything.
    public func changedRects(since old: UInt64) -> [PixelRect]? {
        guard old != sequence else { return [] }
        guard old < sequence, sequence - old <= UInt64(changes.count) else { return nil }
        var rects: [PixelRect] = []
        for wanted in (old + 1)...sequence {
            guard let change = changes.first(where: { $0.sequence == wanted }) else { return nil }
            rects.append(contentsOf: change.rects)
        }
        return rects
    }

    /// The bytes the pixels take.
    public var byteCount: Int { max(rowLength * height, 1) * 4 }

    public var rowLength: Int { stride / 4 }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * rowLength + x] }
        set { pixels[y * rowLength + x] = newValue }
    }

    public func fill(_ value: UInt32) {
        pixels.update(repeating: value, count: rowLength * height)
    }
}
