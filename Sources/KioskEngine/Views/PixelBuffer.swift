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

    public init(width: Int, height: Int, stride: Int? = nil) {
        precondition(width >= 0 && height >= 0, "negative size \(width)x\(height)")
        self.width = width
        self.height = height
        self.stride = stride ?? width * 4
        precondition(self.stride >= width * 4 && self.stride % 4 == 0, "bad stride \(self.stride) for width \(width)")
        let count = max(self.stride / 4 * height, 1)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    deinit {
        pixels.deallocate()
    }

    public var rowLength: Int { stride / 4 }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * rowLength + x] }
        set { pixels[y * rowLength + x] = newValue }
    }

    public func fill(_ value: UInt32) {
        pixels.update(repeating: value, count: rowLength * height)
    }
}
