import KioskEngine

/// The one buffer a timed source draws into, on the thread that asks for frames: a new picture is
/// drawn over the last one, which its caller has already composed (callers draw each frame they
/// get before asking for the next). A picture that has not changed is handed out again, same
/// buffer and same sequence, so the compositor sees no new frame.
final class FrameSlot<Picture: Equatable> {
    private let width: Int
    private let height: Int
    private var buffer: PixelBuffer?
    private var lastPicture: Picture?
    private(set) var framesRendered: UInt64 = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The frame showing `picture`, drawn by `draw` only when it differs from the last one.
    func frame(showing picture: Picture, draw: (PixelBuffer) -> Void) -> PixelBuffer {
        if picture == lastPicture, let buffer { return buffer }
        lastPicture = picture
        let buffer = self.buffer ?? PixelBuffer(width: width, height: height)
        self.buffer = buffer
        draw(buffer)
        framesRendered += 1
        buffer.sequence = framesRendered
        return buffer
    }
}
