/// The flags of an atomic commit, with the kernel's values (drm_mode.h).
struct DRMCommitFlags: OptionSet, Equatable {
    let rawValue: UInt32

    /// Sends a completion event (read by `readFlipEvents`) when the commit reaches the screen.
    static let pageFlipEvent = DRMCommitFlags(rawValue: 0x0001)
    /// Checks the request against the hardware's limits without applying it.
    static let testOnly = DRMCommitFlags(rawValue: 0x0100)
    /// Returns at once instead of waiting for the vblank the commit lands on.
    static let nonBlocking = DRMCommitFlags(rawValue: 0x0200)
    /// Lets the commit change the mode or switch the CRTC on or off (which may take a full modeset).
    static let allowModeset = DRMCommitFlags(rawValue: 0x0400)

    /// A frame: queued for the next vblank, announced by an event, never waited for.
    static let flip: DRMCommitFlags = [.nonBlocking, .pageFlipEvent]
}
