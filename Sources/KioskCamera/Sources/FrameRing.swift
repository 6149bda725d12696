import KioskEngine

/// The two buffers a timed source draws into in turn, so the frame it handed out stays untouched
/// while the next one is drawn; a picture that has not changed is handed out again, same
/// buffer and same sequence, so the compositor sees no new frame.
final class FrameRing<Picture: Equatable> {
    private let width: Int
    private let height: Int
    private var buffers: [PixelBuffer] = []
    private var index = 0
    private var lastPicture: Picture?
    private(set) var framesRendered: UInt64 = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The frame showing `picture`, drawn by `draw` only when it differs from the last one.
    func frame(showing picture: Picture, draw: (PixelBuffer) -> Void) -> PixelBuffer {
        if picture == lastPicture, !buffers.isEmpty { return buffers[index] }
        lastPicture = picture
        if buffers.count < 2 { buffers.append(PixelBuffer(width: width, height: height)) }
        index = (index + 1) % buffers.count
        let buffer = buffers[index]
        draw(buffer)
        framesRendered += 1
        buffer.sequence = framesRendered
        return buffer
    }
}
