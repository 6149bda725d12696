import CKioskBus
import CSystemd
import Foundation
import KioskConfig

/// The kiosk's D-Bus object `org.swipekiosk.Kiosk1`: its properties and methods answer from a
/// `ControlTarget`, and the target's changes go out as signals.
///
/// The vtable (member names, signatures, argument names) is C in CKioskBus; every call lands in
/// `handle(call:)` here, on the event loop's thread.
public final class ControlService: KioskDaemonObserver {
    private let connection: BusConnection
    private weak var target: (any ControlTarget)?
    private let log: (String) -> Void
    private var source: BusLoopSource?
    private var slot: OpaquePointer?
    /// Lives as long as the object is registered: sd-bus hands it to every callback.
    private let handlers: UnsafeMutablePointer<kiosk_bus_handlers>

    /// Registers the object on `bus` and claims the bus name, served by `loop`.
    /// - Parameter log: where a broken connection or a failed reply is reported.
    public init(bus: ControlBus, loop: EventLoop, target: any ControlTarget, log: @escaping (String) -> Void) throws {
        connection = try BusConnection(bus)
        self.target = target
        self.log = log
        handlers = .allocate(capacity: 1)
        handlers.initialize(to: kiosk_bus_handlers(method: { message, context, _ in
            Unmanaged<ControlService>.fromOpaque(context!).takeUnretainedValue().handle(call: BusMessage(borrowing: message!))
        }, property: { name, reply, context, _ in
            Unmanaged<ControlService>.fromOpaque(context!).takeUnretainedValue().read(property: String(cString: name!), into: reply!)
        }, set_property: { name, value, context, error in
            Unmanaged<ControlService>.fromOpaque(context!).takeUnretainedValue()
                .write(property: String(cString: name!), from: value!, error: error!)
        }, context: nil))
        handlers.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        try check("add object", kiosk_bus_add_object(connection.bus, &slot, KioskBusInterface.objectPath,
                                                     KioskBusInterface.interface, handlers))
        try connection.requestName(KioskBusInterface.busName)
        source = try BusLoopSource(connection: connection, loop: loop) { [log] error in
            log("D-Bus connection lost (\(error)); the kiosk runs on without remote control")
        }
    }

    deinit {
        source?.stop()
        sd_bus_slot_unref(slot)
        handlers.deallocate()
    }

    // MARK: - KioskDaemonObserver

    public func propertiesChanged(_ properties: Set<KioskDaemonProperty>) {
        let names = properties.map(\.busName).sorted()
        send("PropertiesChanged") { () throws(BusError) in
            try connection.emitPropertiesChanged(path: KioskBusInterface.objectPath, interface: KioskBusInterface.interface,
                                                 names: names)
        }
    }

    public func transitionEnded(from: String, to: String, completed: Bool) {
        emit("TransitionEnded") { signal throws(BusError) in
            try signal.append(from)
            try signal.append(to)
            try signal.append(completed)
        }
    }

    public func screenChanged(from: String, to: String) {
        emit("ScreenChanged") { signal throws(BusError) in
            try signal.append(from)
            try signal.append(to)
        }
    }

    public func outputScreenChanged(output: String, from: String, to: String) {
        emit("OutputScreenChanged") { signal throws(BusError) in
            try signal.append(output)
            try signal.append(from)
            try signal.append(to)
        }
    }

    public func buttonPressed(screen: String, button: String) {
        emit("ButtonPressed") { signal throws(BusError) in
            try signal.append(screen)
            try signal.append(button)
        }
    }

    public func actionFinished(screen: String, button: String, status: Int32) {
        emit("ActionFinished") { signal throws(BusError) in
            try signal.append(screen)
            try signal.append(button)
            try signal.append(status)
        }
    }

    // MARK: - Calls

    /// What a successful call returns.
    private enum ReplyArguments {
        case none
        case png(Data)
        case text(String)
    }

    private func handle(call: BusMessage) -> Int32 {
        guard let target else { return reply(to: call, .failure(.failed("the kiosk is stopping"))) }
        let result: Result<ReplyArguments, ControlError>
        do {
            switch call.member {
            case "GoTo":
                let screen = try call.readString()
                let animated = try call.readBool()
                result = Result { () throws(ControlError) in try target.goTo(screen: screen, animated: animated); return .none }
            case "Screenshot", "ScreenshotScanout":
                // Answered later, when the PNG is encoded; sd-bus keeps the call until then.
                target.screenshot(scanout: call.member == "ScreenshotScanout") { [weak self] png in
                    _ = self?.reply(to: call, png.map(ReplyArguments.png))
                }
                return 1
            case "GoToOutput":
                let output = try call.readString()
                let screen = try call.readString()
                let animated = try call.readBool()
                result = Result { () throws(ControlError) in
                    try target.goTo(output: output, screen: screen, animated: animated)
                    return .none
                }
            case "ScreenshotOutput":
                let output = try call.readString()
                target.screenshot(output: output) { [weak self] png in
                    _ = self?.reply(to: call, png.map(ReplyArguments.png))
                }
                return 1
            case "Reload":
                result = Result { () throws(ControlError) in .text(try target.reloadConfiguration()) }
            case "Blank":
                result = Result { () throws(ControlError) in try target.blankPanel(); return .none }
            case "Wake":
                result = Result { () throws(ControlError) in try target.wakePanel(); return .none }
            case "Metrics":
                result = .success(.text(target.metricsText))
            case "SetValue":
                let name = try call.readString()
                let value = try call.readString()
                result = Result { () throws(ControlError) in try target.setValue(name: name, value: value); return .none }
            default:
                result = .failure(.failed("unknown method \(call.member ?? "")"))
            }
        } catch {
            // The vtable fixed the signature, so a read fails only on a malformed message.
            try? call.replyError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "\(error)")
            return 1
        }
        return reply(to: call, result)
    }

    /// Sends the return with its arguments, or the error.
    private func reply(to call: BusMessage, _ result: Result<ReplyArguments, ControlError>) -> Int32 {
        send("reply to \(call.member ?? "a call")") { () throws(BusError) in
            switch result {
            case .success(let arguments):
                let message = try call.makeReturn()
                switch arguments {
                case .none: break
                case .png(let png): try message.append(bytes: png)
                case .text(let text): try message.append(text)
                }
                try connection.send(message)
            case .failure(let error):
                try call.replyError(name: error.busErrorName, message: error.description)
            }
        }
        return 1
    }

    private func read(property: String, into reply: OpaquePointer) -> Int32 {
        guard let target else { return -ESHUTDOWN }
        let message = BusMessage(borrowing: reply)
        do {
            switch property {
            case "CurrentScreen": try message.append(target.currentScreen)
            case "Screens": try message.append(target.screens)
            case "Blanked": try message.append(target.isBlanked)
            case "Transitioning": try message.append(target.isTransitioning)
            case "Display": try message.append(target.displayDescription)
            case "Camera": try message.append(target.cameraDescription)
            case "TouchDevices": try message.append(target.touchDevices)
            case "UptimeSeconds": try message.append(target.uptime)
            case "Brightness": try message.append(target.brightness)
            case "Volume": try message.append(target.volume)
            case "Values": try message.append(target.values)
            case "Outputs": try message.append(target.outputs)
            default: return -ENOENT
            }
        } catch {
            return -EIO
        }
        return 1
    }

    /// A Properties.Set: `value` is positioned at the new value, already checked against the signature.
    private func write(property: String, from value: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        guard let target else { return -ESHUTDOWN }
        do {
            switch property {
            case "Brightness": try target.setBrightness(try BusMessage(borrowing: value).readDouble())
            case "Volume": try target.setVolume(try BusMessage(borrowing: value).readDouble())
            default: return -ENOENT
            }
        } catch let failure as ControlError {
            return sd_bus_error_set(error, failure.busErrorName, failure.description)
        } catch {
            return -EIO
        }
        return 1
    }

    /// Sends the interface's signal `member` with the arguments `fill` appends.
    private func emit(_ member: String, _ fill: (BusMessage) throws(BusError) -> Void) {
        send(member) { () throws(BusError) in
            let signal = try connection.newSignal(path: KioskBusInterface.objectPath, interface: KioskBusInterface.interface,
                                                  member: member)
            try fill(signal)
            try connection.send(signal)
        }
    }

    /// Runs a send; a failure is logged, never thrown into the render loop.
    private func send(_ what: String, _ body: () throws(BusError) -> Void) {
        do {
            try body()
            try source?.update()
        } catch {
            log("D-Bus: \(what) failed: \(error)")
        }
    }
}
