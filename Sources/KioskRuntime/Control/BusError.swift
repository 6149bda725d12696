import CSystemd
import Glibc

/// A D-Bus error: a remote error reply (name and text) or a local failure of an sd-bus call.
public struct BusError: Error, CustomStringConvertible, Equatable {
    /// The D-Bus error name, e.g. `org.swipekiosk.Kiosk1.Error.Busy`.
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// From an sd-bus call that returned `-errno` and may have filled `error`.
    init(_ call: String, code: Int32, error: sd_bus_error? = nil) {
        if let error, let name = error.name {
            self.init(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "")
        } else {
            self.init(name: "org.freedesktop.DBus.Error.Failed", message: "\(call): \(String(cString: strerror(-code)))")
        }
    }

    public var description: String { message.isEmpty ? name : message }
}

/// Throws a `BusError` when an sd-bus call returned a negative errno.
@discardableResult
func check(_ call: String, _ result: Int32) throws(BusError) -> Int32 {
    guard result >= 0 else { throw BusError(call, code: result) }
    return result
}
