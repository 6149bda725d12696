/// How a DRM display talks to the kernel: atomic commits where the driver offers them, else the
/// legacy calls (drmModeSetCrtc, drmModePageFlip, the connector's DPMS property).
enum DRMInterface: Equatable {
    case legacy
    /// The output's objects and property ids, and the MODE_ID blob of the mode set last (0 before).
    case atomic(DRMAtomicOutput, modeBlobID: UInt32)

    /// The environment variable that forces the legacy path (`SWIPE_KIOSK_DRM=legacy`), for a
    /// driver whose atomic support misbehaves.
    static let environmentVariable = "SWIPE_KIOSK_DRM"

    /// Atomic when `preferAtomic`, the driver takes the client caps and the output has the
    /// properties atomic commits need; otherwise legacy, with the reason logged.
    static func choose(on device: DRMDevice, output: DRMOutput, preferAtomic: Bool, log: (String) -> Void) -> DRMInterface {
        guard preferAtomic else {
            log("\(device.path): legacy page flips (\(environmentVariable)=legacy)")
            return .legacy
        }
        guard device.enableAtomic() else {
            log("\(device.path): the driver refuses atomic modesetting; using legacy page flips")
            return .legacy
        }
        do {
            let atomic = try DRMAtomicOutput.lookUp(on: device, output: output)
            log("\(device.path): atomic modesetting, primary plane \(atomic.primaryPlaneID)")
            return .atomic(atomic, modeBlobID: 0)
        } catch {
            log("\(error); using legacy page flips")
            return .legacy
        }
    }
}
