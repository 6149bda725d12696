import KioskEngine

/// One touch device entry of the config: which device it means, whether to grab it, and how its
/// panel lines up with the display.
public struct TouchDeviceSettings: Hashable, Sendable {
    /// How an entry picks its device.
    public enum Match: Hashable, Sendable {
        /// Any direct-touch device (INPUT_PROP_DIRECT, or absolute X/Y with BTN_TOUCH).
        case anyTouchscreen
        /// The device at this path; symlinks such as /dev/input/by-id/... are followed.
        case path(String)
        /// The device whose name is exactly this (as `swipe-kiosk list-devices` prints it).
        case name(String)
    }

    public var match: Match
    /// Take the device with EVIOCGRAB so no other program (a console, a display server) sees touches.
    public var grab: Bool
    public var calibration: TouchCalibration

    public init(match: Match = .anyTouchscreen, grab: Bool = false, calibration: TouchCalibration = .identity) {
        self.match = match
        self.grab = grab
        self.calibration = calibration
    }
}
