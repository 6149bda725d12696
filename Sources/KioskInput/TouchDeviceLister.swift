import Foundation

/// Finds the touch devices for `swipe-kiosk list-devices`. Devices that open but are not touch
/// devices are left out; devices that cannot be opened are listed with the reason.
public enum TouchDeviceLister {
    public static func list(directory: String = "/dev/input") -> [TouchDeviceListing] {
        list(directory: directory, opener: { path in try LibevdevDevice(path: path) })
    }

    /// The whole `list-devices` output: every listing, or one line saying why there is none.
    public static func report(directory: String = "/dev/input") -> String {
        report(list(directory: directory), directory: directory)
    }

    public static func report(_ listings: [TouchDeviceListing], directory: String) -> String {
        guard listings.isEmpty else { return listings.map(\.text).joined(separator: "\n") }
        guard FileManager.default.fileExists(atPath: directory) else {
            return "\(directory) does not exist: this machine has no evdev input devices (is the evdev module loaded?)"
        }
        return "no touch devices in \(directory): none reports absolute X/Y positions (is the touchscreen's kernel driver loaded?)"
    }

    public static func list(directory: String, opener: (String) throws -> any EvdevEventSource) -> [TouchDeviceListing] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let paths = names.filter { $0.hasPrefix("event") }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
            .map { directory + "/" + $0 }
        return paths.compactMap { path in
            do {
                let device = try opener(path).deviceDescription
                return device.isDirectTouch ? TouchDeviceListing(path: path, status: .touch(device)) : nil
            } catch let error as TouchDeviceError {
                // The error text starts with the path, which the listing already shows.
                let text = error.description
                let reason = text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
                return TouchDeviceListing(path: path, status: .unavailable(reason))
            } catch {
                return TouchDeviceListing(path: path, status: .unavailable("\(error)"))
            }
        }
    }
}
