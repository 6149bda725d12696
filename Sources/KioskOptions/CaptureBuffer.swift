/// A camera frame still in the capture buffer it was filled in, exported as DMABUF so a display
/// can scan it out as it is (zero-copy).
///
/// The capture device keeps the buffer out of the driver's queue while anything holds this
/// object: a display holds the buffer on screen and the one its pending flip shows, and dropping
/// the last reference gives the buffer back to the driver.
public protocol CaptureBuffer: AnyObject, Sendable {
    /// Which buffer of which stream: the same id is the same memory, imported once.
    var id: CaptureBufferID { get }
    /// The exported buffer; the capture device owns it (a holder never closes it).
    var dmabufDescriptor: Int32 { get }
    var pixelFormat: CameraPixelFormat { get }
    var size: PixelSize { get }
    var bytesPerLine: Int { get }
}

/// A capture buffer by its stream (one open of the device) and index in that stream.
public struct CaptureBufferID: Hashable, Sendable, CustomStringConvertible {
    public var stream: UInt64
    public var index: Int

    public init(stream: UInt64, index: Int) {
        self.stream = stream
        self.index = index
    }

    public var description: String { "stream \(stream) buffer \(index)" }
}
