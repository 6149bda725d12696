import Glibc

/// Atomic commits: the mode set one blocking ALLOW_MODESET commit (carrying ACTIVE, so a panel
/// plugged in while dark stays dark), every frame one non-blocking commit asking for a flip
/// event, the panel going dark a commit of the CRTC's ACTIVE.
final class AtomicKernelInterface: DRMKernelInterface {
    private let device: DRMDevice
    let output: DRMAtomicOutput
    /// The MODE_ID blob of the mode set last; 0 before the first.
    private var modeBlobID: UInt32 = 0

    init(device: DRMDevice, output: DRMAtomicOutput) {
        self.device = device
        self.output = output
    }

    var atomic: DRMAtomicOutput? { output }
    var powerChangeWaitsForFlip: Bool { true }

    func setMode(_ target: DRMOutput, framebufferID: UInt32, blanked: Bool) throws {
        let blob = try device.createModeBlob(target.mode, connectorID: target.connector.id)
        var request = output.modeset(modeBlobID: blob, framebufferID: framebufferID)
        request.merge(output.power(on: !blanked))
        do {
            try device.commit(request, flags: .allowModeset)
        } catch DisplayError.systemCall(_, _, let code) where !DRMKernelInterfaces.isMasterLoss(code) {
            // The driver refused the request itself (a property it takes otherwise): legacy calls instead.
            device.destroyBlob(blob)
            release()
            throw AtomicRefusal(what: "the atomic mode set failed (\(SystemErrorText.describe(code)))")
        } catch {
            device.destroyBlob(blob)
            throw error
        }
        release()
        modeBlobID = blob
    }

    func flip(_ target: DRMOutput, framebufferID: UInt32, request: DRMAtomicRequest?) throws {
        do {
            try device.commit(request ?? output.flip(framebufferID: framebufferID), flags: .flip)
        } catch DisplayError.systemCall(_, _, let code) where code == EINVAL || code == ERANGE || code == ENOENT {
            throw AtomicRefusal(what: "an atomic flip failed (\(SystemErrorText.describe(code)))")
        }
    }

    func supportsPowerSaving(_ output: DRMOutput?) -> Bool { true }

    func setPower(on: Bool, output target: DRMOutput, log: (String) -> Void) throws -> Bool {
        // A modeset commit (CRTC ACTIVE); blocking like the legacy DPMS call, and rare (idle timeout, touch).
        try device.commit(output.power(on: on), flags: .allowModeset)
        return true
    }

    func release() {
        if modeBlobID != 0 { device.destroyBlob(modeBlobID) }
        modeBlobID = 0
    }
}
