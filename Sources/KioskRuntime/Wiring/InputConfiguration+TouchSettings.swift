import KioskConfig
import KioskEngine
import KioskInput
import KioskTouch

extension InputConfiguration {
    /// The touch monitor's device entries for `[input]`: the named devices (or every touchscreen
    /// when none are named), each with the first `[[input.device]]` calibration that matches it.
    public var touchDeviceSettings: [TouchDeviceSettings] {
        // Devices mapped to another output are that output's monitor's: skipped here, before anything fits them.
        let skipped = calibrations.filter { $0.output != nil }.map { entry in
            TouchDeviceSettings(match: Self.match(entry.match), isSkipped: true)
        }
        return skipped + firstOutputSettings
    }

    /// The touch monitor's entries for the output `name`: the `[[input.device]]` entries mapped to it.
    public func touchDeviceSettings(forOutput name: String) -> [TouchDeviceSettings] {
        calibrations.filter { $0.output == name }.map { entry in
            TouchDeviceSettings(match: Self.match(entry.match), grab: grab, calibration: entry.touchCalibration)
        }
    }

    private var firstOutputSettings: [TouchDeviceSettings] {
        let calibrations = calibrations.filter { $0.output == nil }
        let calibrated = calibrations.map { entry in
            TouchDeviceSettings(match: Self.match(entry.match), grab: grab, calibration: entry.touchCalibration)
        }
        if devices.isEmpty {
            // Calibrated devices first: the monitor applies the first entry that fits a device.
            return calibrated + [TouchDeviceSettings(match: .anyTouchscreen, grab: grab)]
        }
        // Each listed device with each calibration that may fit it (by path or by name, decided
        // when the device is seen), then uncalibrated.
        return devices.flatMap { device in
            calibrations.map { entry in
                TouchDeviceSettings(match: Self.match(device), calibrationMatch: Self.match(entry.match), grab: grab,
                                    calibration: entry.touchCalibration)
            } + [TouchDeviceSettings(match: Self.match(device), grab: grab)]
        }
    }

    /// The calibration a recording of `device` is replayed with: the entry `run` would give the
    /// device, as far as a recording (which has no device path) can tell.
    public func calibration(forRecordingOf device: InputDeviceDescription) -> TouchCalibration {
        TouchDeviceSettings.chosen(from: touchDeviceSettings, for: device, at: nil)?.calibration ?? .identity
    }

    static func match(_ text: String) -> TouchDeviceSettings.Match {
        text.hasPrefix("/") ? .path(text) : .name(text)
    }
}

extension InputDeviceConfiguration {
    var touchCalibration: TouchCalibration {
        func range(_ low: Int?, _ high: Int?) -> ClosedRange<Int32>? {
            guard let low, let high, low < high else { return nil }
            return Int32(clamping: low)...Int32(clamping: high)
        }
        return TouchCalibration(
            rotation: rotation,
            swapXY: swapXY, invertX: invertX, invertY: invertY,
            xRange: range(minX, maxX), yRange: range(minY, maxY),
            matrix: matrix ?? TouchCalibration.identityMatrix)
    }
}
