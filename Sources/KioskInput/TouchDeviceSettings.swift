import Foundation
import KioskTouch
import KioskTouch

/// One touch device entry of the config: which device it means, whether to grab it, and how its
/// digitizer lines up with the panel's native scan-out.
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
    /// Where the calibration comes from an `[[input.device]]` entry of its own: the device must
    /// also be the one this names (by path or name), as a device listed in `[input] devices` and
    /// calibrated by its name.
    public var calibrationMatch: Match?
    /// Take the device with EVIOCGRAB so no other program (a console, a display server) sees touches.
    public var grab: Bool
    public var calibration: TouchCalibration
    /// The device this entry selects is not opened: another monitor (another output's) reads it.
    public var isSkipped: Bool

    public init(match: Match = .anyTouchscreen, calibrationMatch: Match? = nil, grab: Bool = false,
                calibration: TouchCalibration = .identity, isSkipped: Bool = false) {
        self.isSkipped = isSkipped
        self.match = match
        self.calibrationMatch = calibrationMatch
        self.grab = grab
        self.calibration = calibration
    }

    /// The first entry that selects `device`: the one whose calibration its touches get. A recording
    /// has no `path`, so only entries matching by name or any touchscreen can select it.
    public static func chosen(from settings: [TouchDeviceSettings], for device: InputDeviceDescription,
                              at path: String?) -> TouchDeviceSettings? {
        settings.first { $0.selects(device, at: path) }
    }

    /// Whether this entry means `device` (at `path`, when it is a live node).
    func selects(_ device: InputDeviceDescription, at path: String?) -> Bool {
        guard match.selects(device, at: path) else { return false }
        guard let calibrationMatch else { return true }
        return calibrationMatch.selects(device, at: path)
    }
}

extension TouchDeviceSettings.Match {
    /// Whether this entry means `device` (at `path`, when it is a live node).
    func selects(_ device: InputDeviceDescription, at path: String?) -> Bool {
        switch self {
        case .anyTouchscreen: device.isDirectTouch
        case .path(let wanted): path.map { Self.resolved(wanted) == Self.resolved($0) } == true && device.positionAxes != nil
        case .name(let wanted): device.name == wanted && device.positionAxes != nil
        }
    }

    /// Whether this entry names `device` itself, by path or name.
    func names(_ device: InputDeviceDescription, at path: String) -> Bool {
        switch self {
        case .anyTouchscreen: false
        case .path(let wanted): Self.resolved(wanted) == Self.resolved(path)
        case .name(let wanted): device.name == wanted
        }
    }

    /// `path` with its symlinks (such as /dev/input/by-id/...) followed.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
