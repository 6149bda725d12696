import KioskEngine

/// The buffers of the camera's plane path: the UI's ARGB8888 buffers in rotation, copied by
/// damage like the composed frame's, and two XRGB8888 buffers each new feed frame is copied into
/// whole where the plane cannot scan the camera's own capture buffer out (`CaptureImports`).
struct PlaneFrameBuffers {
    private(set) var ui: [DRMDumbBuffer]
    private(set) var feed: [DRMDumbBuffer]
    private var uiTracker: DamageTracker
    private let width: Int
    private let height: Int
    /// The buffers on screen (or about to be, once the pending flip completes).
    var uiFront = 0
    var feedFront = 0
    /// The feed frame in `feed[feedFront]`.
    var feedShown: FeedFrame?

    /// Makes `uiCount` ARGB buffers and two XRGB ones of the mode's size; none are left behind on failure.
    init(on device: DRMDevice, uiCount: Int, width: Int, height: Int) throws {
        var created: [DRMDumbBuffer] = []
        do {
            for index in 0..<uiCount + 2 {
                created.append(try device.createDumbBuffer(width: width, height: height, format: index < uiCount ? .argb8888 : .xrgb8888))
            }
        } catch {
            created.forEach(device.destroyDumbBuffer)
            throw error
        }
        ui = Array(created[..<uiCount])
        feed = Array(created[uiCount...])
        uiTracker = DamageTracker(bufferCount: uiCount, width: width, height: height)
        self.width = width
        self.height = height
    }

    /// The buffers the next frame would be drawn into, for a TEST_ONLY commit of a layout.
    var backFramebuffers: (feed: UInt32, ui: UInt32) {
        (feed[1 - feedFront].framebufferID, ui[(uiFront + 1) % ui.count].framebufferID)
    }

    /// Brings the next UI buffer up to date with `frame`'s `damage`; the front one when nothing changed.
    mutating func drawUI(_ frame: PixelBuffer, damage: [PixelRect]) -> Int {
        guard !damage.isEmpty else { return uiFront }
        let back = (uiFront + 1) % ui.count
        let buffer = ui[back]
        DamageCopy.copy(uiTracker.rectanglesToCopy(into: back, damage: damage), from: frame, to: buffer.pixels,
                        targetPitch: buffer.pitch, targetWidth: width, targetHeight: height)
        return back
    }

    /// Copies `frame` into the feed buffer not on screen; the front one when it already holds it.
    func drawFeed(_ frame: PixelBuffer) -> Int {
        guard FeedFrame(frame) != feedShown else { return feedFront }
        let back = 1 - feedFront
        let buffer = feed[back]
        DamageCopy.copy([PixelRect(x: 0, y: 0, width: width, height: height)], from: frame, to: buffer.pixels,
                        targetPitch: buffer.pitch, targetWidth: width, targetHeight: height)
        return back
    }

    /// The flip completed with `ui` and `feed` on the planes (nil: the planes are off, and the
    /// buffers keep their places): the next frames draw into the others.
    mutating func nowShowing(ui: Int?, feed: FeedScanout?) {
        if let ui { uiFront = ui }
        guard let feed else { return }
        switch feed.source {
        case .dumbBuffer(let index):
            feedFront = index
            feedShown = feed.frame
        case .captureBuffer:
            // Scanned out from the capture buffer: neither dumb buffer shows the frame.
            feedShown = nil
        }
    }

    func destroy(on device: DRMDevice) {
        (ui + feed).forEach(device.destroyDumbBuffer)
    }
}
