import KioskOptions

/// A filled capture buffer kept out of the driver's queue for as long as something holds it: the
/// zero-copy path's frame. The display scans its DMABUF out; the loop converts its bytes when the
/// frame must be composed after all (a swipe starting). Its deinit gives the buffer back.
public final class CaptureLease: CaptureBuffer, @unchecked Sendable {
    public let id: CaptureBufferID
    public let dmabufDescriptor: Int32
    public let pixelFormat: CameraPixelFormat
    public let size: PixelSize
    public let bytesPerLine: Int
    /// The bytes the driver filled; valid while the lease lives (it holds the mapping).
    let bytes: UnsafeRawBufferPointer
    /// What keeps `bytes` mapped and the descriptor open (the device's buffer); nil in tests.
    private let owner: AnyObject?
    private let onRelease: @Sendable () -> Void

    /// - Parameters:
    ///   - owner: kept alive with the lease: whatever maps `bytes` and owns the descriptor.
    ///   - onRelease: called once, when the last reference goes (on whichever thread drops it).
    public init(id: CaptureBufferID, dmabufDescriptor: Int32, pixelFormat: CameraPixelFormat, size: PixelSize,
                bytesPerLine: Int, bytes: UnsafeRawBufferPointer, owner: AnyObject?, onRelease: @escaping @Sendable () -> Void) {
        self.id = id
        self.dmabufDescriptor = dmabufDescriptor
        self.pixelFormat = pixelFormat
        self.size = size
        self.bytesPerLine = bytesPerLine
        self.bytes = bytes
        self.owner = owner
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }

    /// The frame as the converter reads it.
    var frame: CapturedFrame {
        CapturedFrame(pixelFormat: pixelFormat, width: size.width, height: size.height, bytesPerLine: bytesPerLine, bytes: bytes)
    }
}
