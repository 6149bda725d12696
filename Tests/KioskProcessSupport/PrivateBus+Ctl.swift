import Foundation

extension PrivateBus {
    /// `swipe-kiosk ctl ARGUMENTS` against the kiosk on this bus.
    package func ctl(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try Command.run(KioskProcess.binary, ["ctl"] + arguments + ["--bus", "session"], environment: ["DBUS_SESSION_BUS_ADDRESS": address])
    }
}
