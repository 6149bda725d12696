import Glibc

/// How a DRM display talks to the kernel about its output: atomic commits where the driver offers
/// them (`AtomicKernelInterface`), else the legacy calls (`LegacyKernelInterface`). Chosen once
/// per adopted output by `choose`; the display never asks which one it has, except for
/// `atomic`, which the plane path and writeback screenshots need.
protocol DRMKernelInterface: AnyObject {
    /// The output's atomic objects and property ids; nil on the legacy interface (no planes, no writeback).
    var atomic: DRMAtomicOutput? { get }
    /// Sets `output`'s mode showing `framebufferID` on the primary plane, dark if `blanked`.
    /// Throws `AtomicRefusal` when the legacy calls should do it instead.
    func setMode(_ output: DRMOutput, framebufferID: UInt32, blanked: Bool) throws
    /// Flips to `framebufferID` at the next vblank, with a flip event; `request`, where given,
    /// is the whole atomic request of the frame (planes included). Throws `AtomicRefusal` when
    /// the legacy calls should do it instead.
    func flip(_ output: DRMOutput, framebufferID: UInt32, request: DRMAtomicRequest?) throws
    /// False when `setPower` cannot darken `output`'s panel.
    func supportsPowerSaving(_ output: DRMOutput?) -> Bool
    /// True when a power change must wait for an outstanding flip (an atomic commit would be refused with EBUSY).
    var powerChangeWaitsForFlip: Bool { get }
    /// Darkens (`on` false) or lights the panel; false, having logged why, when it cannot.
    func setPower(on: Bool, output: DRMOutput, log: (String) -> Void) throws -> Bool
    /// Frees what the interface made on the device (the mode blob).
    func release()
}

/// The atomic interface failed where the legacy calls may work (a driver refusing a property it
/// otherwise takes): the display switches to `LegacyKernelInterface` for good and tries again.
struct AtomicRefusal: Error {
    /// What failed, for the log ("the atomic mode set failed (Invalid argument)").
    var what: String
}

enum DRMKernelInterfaces {
    /// The environment variable that forces the legacy path (`SWIPE_KIOSK_DRM=legacy`), for a
    /// driver whose atomic support misbehaves.
    static let environmentVariable = "SWIPE_KIOSK_DRM"

    /// Atomic when `preferAtomic`, the driver takes the client caps and the output has the
    /// properties atomic commits need; otherwise legacy, with the reason logged.
    static func choose(on device: DRMDevice, output: DRMOutput, preferAtomic: Bool, log: (String) -> Void) -> any DRMKernelInterface {
        guard preferAtomic else {
            log("\(device.path): legacy page flips (\(environmentVariable)=legacy)")
            return LegacyKernelInterface(device: device)
        }
        guard device.enableAtomic() else {
            log("\(device.path): the driver refuses atomic modesetting; using legacy page flips")
            return LegacyKernelInterface(device: device)
        }
        do {
            let atomic = try DRMAtomicOutput.lookUp(on: device, output: output)
            log("\(device.path): atomic modesetting, primary plane \(atomic.primaryPlaneID)")
            return AtomicKernelInterface(device: device, output: atomic)
        } catch {
            log("\(error); using legacy page flips")
            return LegacyKernelInterface(device: device)
        }
    }

    /// True for the errors that mean another process holds DRM master.
    static func isMasterLoss(_ code: Int32) -> Bool {
        code == EACCES || code == EPERM || code == EBUSY
    }
}
