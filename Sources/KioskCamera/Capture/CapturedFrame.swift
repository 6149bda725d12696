import KioskOptions

/// One filled capture buffer, borrowed from the device until the next call into it.
public struct CapturedFrame {
    public var pixelFormat: CameraPixelFormat
    public var width: Int
    public var height: Int
    public var bytesPerLine: Int
    /// The bytes the driver filled (its `bytesused`), not the whole mapping.
    public var bytes: UnsafeRawBufferPointer
    /// The driver marked the buffer as damaged (V4L2_BUF_FLAG_ERROR).
    public var isFlaggedCorrupt: Bool
    /// NV12 and I420 chroma placed otherwise than V4L2 places it; nil: V4L2's layout.
    public var chromaPlanes: ChromaPlanes?
    /// The buffer itself, exported as DMABUF, when the device offers it for zero-copy scan-out;
    /// whoever keeps it keeps the buffer from the driver until it lets go.
    public var lease: CaptureLease?

    public init(pixelFormat: CameraPixelFormat, width: Int, height: Int, bytesPerLine: Int,
                bytes: UnsafeRawBufferPointer, isFlaggedCorrupt: Bool = false, chromaPlanes: ChromaPlanes? = nil,
                lease: CaptureLease? = nil) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.bytes = bytes
        self.isFlaggedCorrupt = isFlaggedCorrupt
        self.chromaPlanes = chromaPlanes
        self.lease = lease
    }
}
