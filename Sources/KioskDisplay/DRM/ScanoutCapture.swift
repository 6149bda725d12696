import Glibc
import KioskEngine

/// Reads back what a DRM output scans out, its planes as the display controller blends them,
/// through a writeback connector: the truth of a screenshot when the camera is on a plane of its
/// own and no buffer of ours holds the whole picture.
///
/// The display commits a capture when no flip is pending (`commit`), tracks it like a flip, and
/// watches `fence` (the kernel's sync file, readable once the frame is written) to `finish` it.
/// Callers asking while one is in flight wait for the next. A writeback that never completes
/// fails its callers after `timeout` seconds, so a D-Bus call never hangs on a driver.
final class ScanoutCapture {
    typealias Completion = (Result<PixelBuffer, DisplayError>) -> Void

    /// Seconds a capture may take before its callers are told it failed: a frame or two on
    /// hardware, over a second under emulation (vkms composes the writeback on the CPU, in TCG).
    static let timeout = 10.0

    private var lookUp: Result<DRMWriteback, DRMWriteback.LookUpFailure>?
    /// The connector and CRTC of the output looked up for.
    private var lookedUpOutput: (connector: UInt32, crtc: UInt32)?
    /// The buffer the writeback writes into, exactly the mode's size (drivers check it).
    private var buffer: (memory: DRMDumbBuffer, width: Int, height: Int)?
    private var waiting: [Completion] = []
    private var inFlight: [Completion] = []
    /// The sync file of the capture in flight.
    private(set) var fence: Int32?
    let timer: TimerDescriptor

    init(device: String) throws {
        timer = try TimerDescriptor(device: device)
    }

    /// Whether captures are waiting for a commit (none is in flight).
    var wantsCommit: Bool { !waiting.isEmpty && fence == nil }

    /// Finds the writeback connector for `output`'s CRTC beside its connector the first time (and
    /// for another output); false, logging why once, where there is none.
    func prepare(on device: DRMDevice, output: DRMOutput, log: (String) -> Void) -> Bool {
        if lookedUpOutput?.connector != output.connector.id || lookedUpOutput?.crtc != output.crtcID {
            lookedUpOutput = (output.connector.id, output.crtcID)
            lookUp = DRMWriteback.lookUp(on: device, crtcIndex: output.crtcIndex, panel: output.connector)
            switch lookUp! {
            case .success(let writeback): log("\(device.path): scan-out screenshots read back through \(writeback.name)")
            case .failure(let reason): log("\(device.path): scan-out screenshots are the daemon's own frames: \(reason)")
            }
        }
        if case .success = lookUp { return true }
        return false
    }

    func ask(_ completion: @escaping Completion) {
        waiting.append(completion)
    }

    /// Commits the capture of CRTC `output`'s next frame (`.flip`, with a mode set the first time
    /// the connector is routed to this CRTC); the waiting callers then wait for `fence`.
    func commit(on device: DRMDevice, output: DRMOutput, now: Double) throws {
        guard case .success(var writeback) = lookUp, wantsCommit else { return }
        do {
            let width = output.mode.width, height = output.mode.height
            if let existing = buffer, existing.width != width || existing.height != height {
                device.destroyDumbBuffer(existing.memory)
                buffer = nil
            }
            let target = try buffer?.memory ?? device.createDumbBuffer(width: width, height: height)
            buffer = (target, width, height)
            var flags = DRMCommitFlags.flip
            if writeback.attachedCrtcID != output.crtcID { flags.insert(.allowModeset) }
            let descriptor = try device.commit(writeback.capture(crtcID: output.crtcID, framebufferID: target.framebufferID),
                                               flags: flags, outFence: writeback.outFence)
            writeback.attachedCrtcID = output.crtcID
            lookUp = .success(writeback)
            guard descriptor >= 0 else {
                throw DisplayError.deviceUnavailable(path: device.path, reason: "\(writeback.name) gave no fence for the writeback")
            }
            fence = descriptor
            inFlight = waiting
            waiting = []
            timer.arm(at: now + Self.timeout)
        } catch {
            // Nothing is in flight to time out: the waiting callers are told now.
            fail(&waiting, error as? DisplayError ?? .deviceUnavailable(path: device.path, reason: "\(error)"))
            throw error
        }
    }

    /// The writeback's fence became readable: the frame is in the buffer; hands each caller a copy
    /// at the mode's size, opaque.
    func finish() {
        closeFence()
        guard let (buffer, width, height) = buffer, !inFlight.isEmpty else { return }
        let frame = PixelBuffer(width: width, height: height)
        for row in 0..<height {
            let source = buffer.pixels.advanced(by: row * buffer.pitch).assumingMemoryBound(to: UInt32.self)
            let target = frame.pixels.advanced(by: row * width)
            // XRGB8888's X byte is undefined: the picture is opaque.
            for column in 0..<width { target[column] = source[column] | 0xFF00_0000 }
        }
        let callers = inFlight
        inFlight = []
        callers.forEach { $0(.success(frame)) }
    }

    /// The timer fired before the fence: the capture's callers are told, and later ones try again.
    func timedOut(device: String) {
        guard timer.acknowledge(), fence != nil else { return }
        closeFence()
        fail(&inFlight, .deviceUnavailable(path: device, reason: "the writeback did not complete within \(Self.timeout) s"))
    }

    /// Every caller, waiting or in flight, is told the display can no longer capture (unplugged,
    /// set up again). A fence in flight stays open and watched until it signals or times out: it
    /// is closed only where the display's descriptors are looked at again after.
    func cancel(_ error: DisplayError) {
        fail(&inFlight, error)
        fail(&waiting, error)
    }

    func destroy(on device: DRMDevice) {
        cancel(.deviceUnavailable(path: device.path, reason: "the display closed"))
        closeFence()
        buffer.map { device.destroyDumbBuffer($0.memory) }
        buffer = nil
    }

    private func closeFence() {
        if let fence { Glibc.close(fence) }
        fence = nil
        timer.arm(at: nil)
    }

    private func fail(_ callers: inout [Completion], _ error: DisplayError) {
        let failed = callers
        callers = []
        failed.forEach { $0(.failure(error)) }
    }
}
