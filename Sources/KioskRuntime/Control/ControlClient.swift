import Foundation
import KioskConfig

/// `swipe-kiosk ctl`'s end of the interface: blocking calls to a running kiosk.
public final class ControlClient {
    private let connection: BusConnection

    public init(bus: ControlBus) throws(BusError) {
        connection = try BusConnection(bus)
    }

    public func status() throws(BusError) -> ControlStatus {
        ControlStatus(currentScreen: try property("CurrentScreen", "s").readString(),
                      screens: try property("Screens", "as").readStrings(),
                      blanked: try property("Blanked", "b").readBool(),
                      transitioning: try property("Transitioning", "b").readBool(),
                      display: try property("Display", "s").readString(),
                      camera: try property("Camera", "s").readString(),
                      touchDevices: try property("TouchDevices", "as").readStrings(),
                      uptimeSeconds: try property("UptimeSeconds", "d").readDouble(),
                      outputs: try property("Outputs", "a(sbsus)").readOutputs())
    }

    /// Goes to `screen` on `output` (`ctl goto --output`).
    public func goTo(output: String, screen: String, animated: Bool) throws(BusError) {
        let call = try method("GoToOutput")
        try call.append(output)
        try call.append(screen)
        try call.append(animated)
        _ = try connection.call(call)
    }

    /// A PNG of what `output` shows, upright (`ctl screenshot --output`).
    public func screenshot(output: String) throws(BusError) -> Data {
        let call = try method("ScreenshotOutput")
        try call.append(output)
        return try connection.call(call).readBytes()
    }

    public func goTo(_ screen: String, animated: Bool) throws(BusError) {
        let call = try method("GoTo")
        try call.append(screen)
        try call.append(animated)
        _ = try connection.call(call)
    }

    /// A PNG of what the panel shows, upright; with `scanout`, the display's buffer as scanned out.
    public func screenshot(scanout: Bool = false) throws(BusError) -> Data {
        try connection.call(try method(scanout ? "ScreenshotScanout" : "Screenshot")).readBytes()
    }

    /// Reloads the config; the answer says what happened and names keys only a restart applies.
    public func reload() throws(BusError) -> String { try connection.call(try method("Reload")).readString() }
    public func blank() throws(BusError) { _ = try connection.call(try method("Blank")) }
    public func wake() throws(BusError) { _ = try connection.call(try method("Wake")) }
    public func metrics() throws(BusError) -> String { try connection.call(try method("Metrics")).readString() }
    public func brightness() throws(BusError) -> Double { try property("Brightness", "d").readDouble() }

    /// Sets the `Brightness` property (Properties.Set).
    public func setBrightness(_ value: Double) throws(BusError) {
        try setDouble("Brightness", value)
    }

    public func volume() throws(BusError) -> Double { try property("Volume", "d").readDouble() }

    /// Sets the `Volume` property (Properties.Set).
    public func setVolume(_ value: Double) throws(BusError) {
        try setDouble("Volume", value)
    }

    private func setDouble(_ name: String, _ value: Double) throws(BusError) {
        let call = try connection.newMethodCall(destination: KioskBusInterface.busName, path: KioskBusInterface.objectPath,
                                                interface: "org.freedesktop.DBus.Properties", member: "Set")
        try call.append(KioskBusInterface.interface)
        try call.append(name)
        try call.append(variant: value)
        _ = try connection.call(call)
    }

    public func setValue(_ name: String, to value: String) throws(BusError) {
        let call = try method("SetValue")
        try call.append(name)
        try call.append(value)
        _ = try connection.call(call)
    }

    /// Every value's text, by name.
    public func values() throws(BusError) -> [String: String] {
        try property("Values", "a{ss}").readStringDictionary()
    }

    private func method(_ member: String) throws(BusError) -> BusMessage {
        try connection.newMethodCall(destination: KioskBusInterface.busName, path: KioskBusInterface.objectPath,
                                     interface: KioskBusInterface.interface, member: member)
    }

    /// The reply to Properties.Get, positioned at the value inside its variant.
    private func property(_ name: String, _ signature: String) throws(BusError) -> BusMessage {
        let call = try connection.newMethodCall(destination: KioskBusInterface.busName, path: KioskBusInterface.objectPath,
                                                interface: "org.freedesktop.DBus.Properties", member: "Get")
        try call.append(KioskBusInterface.interface)
        try call.append(name)
        let reply = try connection.call(call)
        try reply.enterVariant(signature)
        return reply
    }
}
