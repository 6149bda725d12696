import KioskOptions

/// A capture buffer as the camera hands it out, in XBGR32 unless told; its release (the last
/// reference going) is recorded in `released`.
package final class FakeCaptureBuffer: CaptureBuffer, @unchecked Sendable {
    package let id: CaptureBufferID
    package let dmabufDescriptor: Int32
    package let pixelFormat: CameraPixelFormat
    package let size: PixelSize
    package let bytesPerLine: Int
    private let released: ReleasedCaptureBuffers?

    /// Its DMABUF is descriptor 200 plus its index.
    package init(id: CaptureBufferID, format: CameraPixelFormat = .xbgr32, size: PixelSize,
                 released: ReleasedCaptureBuffers? = nil) {
        self.id = id
        dmabufDescriptor = Int32(200 + id.index)
        pixelFormat = format
        self.size = size
        bytesPerLine = size.width * 4
        self.released = released
    }

    deinit { released?.indices.append(id.index) }
}

/// The indices of the capture buffers let go, in order.
package final class ReleasedCaptureBuffers: @unchecked Sendable {
    package var indices: [Int] = []

    package init() {}
}
