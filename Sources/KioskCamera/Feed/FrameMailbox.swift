import KioskEngine
import Synchronization

/// Hands frames from a producer thread to the render loop: the newest frame wins.
///
/// Two buffers circulate, a display-size frame each: the one handed out to the reader, and the one
/// the producer fills and publishes. A producer that needs a buffer while its last frame is still
/// unread takes that frame back and fills it again (the newer frame wins anyway), so a slow reader
/// never makes the producer wait, never sees a half-written frame, and a third frame is never kept.
///
/// A frame may come with the lease on its capture buffer (zero-copy): the mailbox holds it with
/// the frame and lets go when the frame is dropped or reused. While the loop scans frames out
/// from their capture buffers (`scannedOutDirectly`), the producer publishes them unconverted.
final class FrameMailbox: Sendable {
    let width: Int
    let height: Int
    let signal = EventSignal()
    private let slots: Mutex<Slots>

    private struct Slots {
        var ready: PixelBuffer?
        var handedOut: PixelBuffer?
        /// The capture buffers of `ready` and `handedOut`, and whether their pixels are still to be converted.
        var readyCapture: Capture?
        var handedOutCapture: Capture?
        var scannedOutDirectly = false
        var spares: [PixelBuffer] = []
        var made = 0
        var sequence: UInt64 = 0
        var status: String
        var faults = 0
    }

    /// A frame's capture buffer, and whether the producer left its pixels unconverted.
    struct Capture {
        var lease: CaptureLease
        var converted: Bool
    }

    init(width: Int, height: Int, status: String = "starting") {
        self.width = width
        self.height = height
        slots = Mutex(Slots(status: status))
    }

    /// The most buffers the mailbox makes (the memory estimate counts them).
    static let bufferLimit = RuntimeMemory.feedFrames

    /// A display-size buffer the producer owns until it passes it to `publish` or `recycle`.
    func writableBuffer() -> PixelBuffer {
        let reused: PixelBuffer? = slots.withLock { slots in
            if let spare = slots.spares.popLast() { return spare }
            guard slots.made >= Self.bufferLimit, let unread = slots.ready else {
                slots.made += 1
                return nil
            }
            slots.ready = nil
            slots.readyCapture = nil
            return unread
        }
        return reused ?? PixelBuffer(width: width, height: height)
    }

    /// Makes `buffer` the newest frame and wakes the reader; `capture`: the buffer it was captured in.
    func publish(_ buffer: PixelBuffer, capture: Capture? = nil) {
        slots.withLock { slots in
            slots.sequence += 1
            buffer.sequence = slots.sequence
            if let dropped = slots.ready { slots.spares.append(dropped) }
            slots.ready = buffer
            slots.readyCapture = capture
        }
        signal.raise()
    }

    /// Returns a buffer that was not published.
    func recycle(_ buffer: PixelBuffer) {
        slots.withLock { $0.spares.append(buffer) }
    }

    /// The newest frame since the last call, or nil; clears the readiness signal.
    func takeNewest() -> PixelBuffer? {
        signal.clear()
        return slots.withLock { slots in
            guard let ready = slots.ready else { return nil }
            if let previous = slots.handedOut { slots.spares.append(previous) }
            slots.handedOut = ready
            slots.handedOutCapture = slots.readyCapture
            slots.ready = nil
            slots.readyCapture = nil
            return ready
        }
    }

    /// The capture buffer of the frame `takeNewest` last returned, if it came with one.
    var handedOutCapture: Capture? { slots.withLock { $0.handedOutCapture } }

    /// Converts with `convert`, on the calling thread, the frame `takeNewest` last returned if the
    /// producer left it unconverted; once. The producer never touches that frame meanwhile.
    func completeHandedOut(_ convert: (CapturedFrame, PixelBuffer) -> Void) {
        let pending: (PixelBuffer, CaptureLease)? = slots.withLock { slots in
            guard let frame = slots.handedOut, let capture = slots.handedOutCapture, !capture.converted else { return nil }
            return (frame, capture.lease)
        }
        guard let (frame, lease) = pending else { return }
        convert(lease.frame, frame)
        slots.withLock { slots in
            if slots.handedOut === frame { slots.handedOutCapture?.converted = true }
        }
    }

    /// The loop scans frames out from their capture buffers: the producer may leave them unconverted.
    var scannedOutDirectly: Bool {
        get { slots.withLock { $0.scannedOutDirectly } }
        set { slots.withLock { $0.scannedOutDirectly = newValue } }
    }

    var status: String {
        get { slots.withLock { $0.status } }
        set { slots.withLock { $0.status = newValue } }
    }

    /// Camera faults (bad frames, stalls, a lost device) the producer met, for the metrics.
    var faultCount: Int { slots.withLock { $0.faults } }

    func countFault() {
        slots.withLock { $0.faults += 1 }
    }
}
