import Glibc
@testable import KioskRuntime
import KioskWebProtocol

/// A web host in the test's process, behind the same seam as `swipe-kiosk-web`: it records the
/// daemon's commands and sends what the test tells it to, through the daemon's own handler.
final class FakeWebHost: WebHostLink {
    let pid: Int32 = 0
    private(set) var commands: [WebHostCommand] = []
    private(set) var stopped = false
    private let signal: (WebHostSignal) -> Void
    private var images: [UInt32: WebSharedImages] = [:]
    /// Draws the next frame after `frameDone` (as WebKit draws after `frame_complete`), when
    /// `deliverPending` runs: a frame arrives on the socket between the daemon's vsyncs.
    var drawsOnFrameDone = false
    private var pending: [UInt32] = []
    private var nextSlot: UInt8 = 0

    init(signal: @escaping (WebHostSignal) -> Void) {
        self.signal = signal
    }

    func send(_ command: WebHostCommand) {
        commands.append(command)
        if drawsOnFrameDone, case .frameDone(let view, _) = command { pending.append(view) }
    }

    /// Sends the frames drawn since the last `frameDone`s.
    func deliverPending() {
        let views = pending
        pending = []
        for view in views { draw(view: view, colour: 0xFF00_FF00) }
    }

    func stop(deadline: Double) { stopped = true }

    /// The `frameDone`s sent so far.
    var frameDones: [WebHostCommand] { commands.filter { if case .frameDone = $0 { true } else { false } } }
    /// The touches and scrolls sent so far.
    var input: [WebHostCommand] {
        commands.filter {
            switch $0 {
            case .touch, .scroll: true
            case .open, .navigate, .visible, .frameDone, .close, .reload: false
            }
        }
    }

    /// Sends `buffers` for `view` at `width` x `height` (a sealed memfd, as the real host makes).
    func giveBuffers(view: UInt32, width: Int, height: Int) throws {
        let shared = try WebSharedImages(creatingWidth: width, height: height)
        images[view] = shared
        signal(.event(.buffers(view: view, width: UInt32(width), height: UInt32(height), stride: UInt32(shared.stride), slots: 2),
                      fileDescriptor: dup(shared.fileDescriptor)))
    }

    /// Fills the next slot (or `damage` of it) with `colour` and sends `frame`.
    func draw(view: UInt32, colour: UInt32, damage: [WebRect] = []) {
        guard let shared = images[view] else { return }
        let slot = nextSlot
        nextSlot ^= 1
        let pixels = shared.pixels(slot: Int(slot)).bindMemory(to: UInt32.self, capacity: shared.width * shared.height)
        pixels.update(repeating: colour, count: shared.width * shared.height)
        signal(.event(.frame(view: view, slot: slot, damage: damage), fileDescriptor: nil))
    }

    func tell(_ event: WebHostEvent) {
        signal(.event(event, fileDescriptor: nil))
    }

    func die(_ reason: String) {
        signal(.gone(reason: reason))
    }
}
