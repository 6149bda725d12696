/// Where the chroma of a planar frame lies when it is not where V4L2 puts it (right after the Y
/// plane, lines half as long): a decoder's frames carry their own plane offsets and strides.
public struct ChromaPlanes: Hashable, Sendable {
    /// Byte offset of the U plane (NV12: of the interleaved UV plane) from the start of the frame.
    public var uOffset: Int
    /// Byte offset of the V plane (unused for NV12).
    public var vOffset: Int
    /// Bytes per chroma line.
    public var bytesPerLine: Int

    public init(uOffset: Int, vOffset: Int, bytesPerLine: Int) {
        self.uOffset = uOffset
        self.vOffset = vOffset
        self.bytesPerLine = bytesPerLine
    }
}
