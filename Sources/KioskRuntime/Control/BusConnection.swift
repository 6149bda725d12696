import CSystemd
import Glibc
import KioskConfig

/// One connection to a D-Bus bus through sd-bus: the kiosk's service end and `ctl`'s client end.
///
/// sd-bus's usual variables choose the bus: `DBUS_SYSTEM_BUS_ADDRESS` for the system bus and
/// `DBUS_SESSION_BUS_ADDRESS` for the session bus.
public final class BusConnection {
    let bus: OpaquePointer

    /// Connects to the system or session bus; `.none` is refused.
    public init(_ kind: ControlBus) throws(BusError) {
        var opened: OpaquePointer?
        let result: Int32 = switch kind {
        case .system: sd_bus_open_system(&opened)
        case .session: sd_bus_open_user(&opened)
        case .none: -ENOTCONN
        }
        guard result >= 0, let opened else {
            throw BusError(name: "org.freedesktop.DBus.Error.NoServer",
                           message: "cannot connect to the \(kind.rawValue) bus: \(String(cString: strerror(-result)))")
        }
        bus = opened
    }

    deinit {
        sd_bus_flush_close_unref(bus)
    }

    // MARK: The event loop's view

    /// The socket to poll.
    public var fileDescriptor: Int32 { sd_bus_get_fd(bus) }

    /// The poll(2) events sd-bus waits for now (POLLIN, and POLLOUT while it has queued output).
    public var events: Int32 { max(sd_bus_get_events(bus), 0) }

    /// When sd-bus must run again even without input (a call timing out), in CLOCK_MONOTONIC
    /// microseconds; nil for never.
    public var timeout: UInt64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return usec
    }

    /// Handles what is readable or due now, at most `limit` messages: incoming calls run their
    /// handlers here. Returns true when more may be waiting (a flood of calls), so the caller
    /// comes back on the loop's next turn instead of starving signals and frames.
    @discardableResult
    public func processPending(limit: Int = 64) throws(BusError) -> Bool {
        for _ in 0..<limit {
            if try check("sd_bus_process", sd_bus_process(bus, nil)) == 0 { return false }
        }
        return true
    }

    // MARK: Service

    /// Claims a well-known name; fails when another process owns it or the policy forbids it.
    public func requestName(_ name: String) throws(BusError) {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        let result = sd_bus_request_name(bus, name, 0)
        if result == -EEXIST, let owner = owner(of: name) {
            throw BusError(name: "org.freedesktop.DBus.Error.AddressInUse",
                           message: "cannot own \(name): another kiosk owns it (\(owner)); stop that one, "
                               + "or give this one [control] bus = \"none\"")
        }
        guard result >= 0 else { throw BusError("cannot own \(name)", code: result, error: error) }
    }

    /// "process 1234 (swipe-kiosk)": who owns `name` now, as the bus driver and /proc tell; nil
    /// when that cannot be learnt (the owner just left, or the policy hides it).
    func owner(of name: String) -> String? {
        // SD_BUS_CREDS_PID | SD_BUS_CREDS_COMM | SD_BUS_CREDS_AUGMENT (the command name from /proc).
        let mask: UInt64 = 1 << 0 | 1 << 12 | 1 << 63
        var creds: OpaquePointer?
        guard sd_bus_get_name_creds(bus, name, mask, &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        guard sd_bus_creds_get_pid(creds, &pid) >= 0 else { return nil }
        var command: UnsafePointer<CChar>?
        guard sd_bus_creds_get_comm(creds, &command) >= 0, let command else { return "process \(pid)" }
        return "process \(pid) (\(String(cString: command)))"
    }

    public func newSignal(path: String, interface: String, member: String) throws(BusError) -> BusMessage {
        var message: OpaquePointer?
        try check("new signal", sd_bus_message_new_signal(bus, &message, path, interface, member))
        return BusMessage(adopting: message!)
    }

    /// Queues `message`; sd-bus writes it now, or when the socket next takes output.
    public func send(_ message: BusMessage) throws(BusError) {
        try check("send", sd_bus_send(bus, message.pointer, nil))
    }

    public func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(BusError) {
        var cNames: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { cNames.forEach { free($0) } }
        try check("emit PropertiesChanged", sd_bus_emit_properties_changed_strv(bus, path, interface, &cNames))
    }

    // MARK: Client

    public func newMethodCall(destination: String, path: String, interface: String, member: String) throws(BusError) -> BusMessage {
        var message: OpaquePointer?
        try check("new method call", sd_bus_message_new_method_call(bus, &message, destination, path, interface, member))
        return BusMessage(adopting: message!)
    }

    /// Sends `message` and waits for its reply (at most `timeout` seconds); an error reply throws.
    public func call(_ message: BusMessage, timeout: Double = 25) throws(BusError) -> BusMessage {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message.pointer, UInt64(timeout * 1_000_000), &error, &reply)
        guard result >= 0, let reply else { throw BusError("call", code: result, error: error) }
        return BusMessage(adopting: reply)
    }
}
