import Glibc

/// Why an input device could not be used, phrased as one line that names the device and the fix.
public struct TouchDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case permissionDenied
        case notFound
        case notAnEvdevDevice
        case grabFailed
        case watchFailed
        case failed(operation: String)
    }

    public var path: String
    public var kind: Kind
    /// The errno behind it (positive), 0 when none.
    public var code: Int32

    public init(path: String, kind: Kind, code: Int32) {
        self.path = path
        self.kind = kind
        self.code = code
    }

    /// Classifies a failed open by its errno.
    public static func opening(_ path: String, errno code: Int32) -> TouchDeviceError {
        switch code {
        case EACCES, EPERM: TouchDeviceError(path: path, kind: .permissionDenied, code: code)
        case ENOENT, ENODEV, ENXIO: TouchDeviceError(path: path, kind: .notFound, code: code)
        default: TouchDeviceError(path: path, kind: .failed(operation: "open"), code: code)
        }
    }

    public var description: String {
        let reason = String(cString: strerror(code))
        switch kind {
        case .permissionDenied:
            return "\(path): permission denied; add the user running swipe-kiosk to the 'input' group "
                + "(usermod -aG input USER, then log in again) or give the service SupplementaryGroups=input"
        case .notFound:
            return "\(path): no such input device (\(reason)); check the device in the config or run `swipe-kiosk list-devices`"
        case .notAnEvdevDevice:
            return "\(path): not an evdev input device (\(reason)); name a /dev/input/event* node"
        case .grabFailed:
            return "\(path): cannot grab the device (\(reason)); another program holds it, stop it or set grab = false"
        case .watchFailed:
            return "\(path): cannot watch for input hotplug (\(reason)); check that the directory exists and is readable"
        case .failed(let operation):
            return "\(path): \(operation) failed (\(reason))"
        }
    }
}
