import KioskEngine

/// A background feed frame told apart from the next: the buffer it is in and the picture in it
/// (a mailbox reuses its buffers, so the sequence number says which picture).
public struct FeedFrame: Equatable, Sendable {
    public var buffer: ObjectIdentifier
    public var sequence: UInt64

    public init(_ frame: PixelBuffer) {
        buffer = ObjectIdentifier(frame)
        sequence = frame.sequence
    }
}
