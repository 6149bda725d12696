import CLinux
import Glibc

/// Listens to kernel uevents for DRM hot-plug (a connector plugged or unplugged).
final class HotplugMonitor {
    let fileDescriptor: Int32

    init() throws {
        let descriptor = clinux_open_uevent_socket()
        guard descriptor >= 0 else { throw DisplayError.systemCall("opening the uevent socket", device: "netlink", errno: errno) }
        fileDescriptor = descriptor
    }

    deinit { Glibc.close(fileDescriptor) }

    /// Reads every waiting uevent; true if one was a DRM hot-plug.
    func drainHotplugEvents() -> Bool {
        var sawHotplug = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            if Self.isDRMHotplug(Array(buffer[0..<count])) { sawHotplug = true }
        }
        return sawHotplug
    }

    /// A uevent is NUL-separated: a header `action@devpath`, then `KEY=value` fields.
    static func isDRMHotplug(_ message: [UInt8]) -> Bool {
        let fields = Set(message.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        return fields.contains("SUBSYSTEM=drm") && fields.contains("HOTPLUG=1")
    }
}
