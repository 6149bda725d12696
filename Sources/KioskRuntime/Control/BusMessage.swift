import CSystemd
import Foundation

/// One sd-bus message, owned (referenced) for as long as this value lives.
///
/// Appends and reads go through sd-bus's typed calls; the variadic ones Swift cannot call.
public final class BusMessage {
    let pointer: OpaquePointer

    /// Takes over a reference the caller already holds.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference to a message sd-bus lends to a callback.
    init(borrowing pointer: OpaquePointer) {
        self.pointer = sd_bus_message_ref(pointer)
    }

    deinit {
        sd_bus_message_unref(pointer)
    }

    public var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }

    // MARK: Appending

    public func append(_ value: String) throws(BusError) {
        let result = value.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) }
        try check("append string", result)
    }

    public func append(_ value: Bool) throws(BusError) {
        var flag: Int32 = value ? 1 : 0
        try check("append boolean", sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "b")), &flag))
    }

    public func append(_ value: Double) throws(BusError) {
        var number = value
        try check("append double", sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "d")), &number))
    }

    /// A variant holding a double (a property value for Properties.Set).
    public func append(variant value: Double) throws(BusError) {
        try check("open variant", sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "v")), "d"))
        try append(value)
        try check("close variant", sd_bus_message_close_container(pointer))
    }

    public func append(_ values: [String]) throws(BusError) {
        try check("open array", sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "s"))
        for value in values { try append(value) }
        try check("close array", sd_bus_message_close_container(pointer))
    }

    public func append(_ value: Int32) throws(BusError) {
        var number = value
        try check("append int32", sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "i")), &number))
    }

    /// An `a{ss}`, sorted by key so replies are stable.
    public func append(_ dictionary: [String: String]) throws(BusError) {
        try check("open dictionary", sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "{ss}"))
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            try check("open entry", sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "e")), "ss"))
            try append(key)
            try append(value)
            try check("close entry", sd_bus_message_close_container(pointer))
        }
        try check("close dictionary", sd_bus_message_close_container(pointer))
    }

    /// The `Outputs` property's `a(sbsus)`: name, connected, mode, rotation, screen.
    public func append(_ outputs: [OutputStatus]) throws(BusError) {
        try check("open array", sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "(sbsus)"))
        for output in outputs {
            try check("open struct", sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "r")), "sbsus"))
            try append(output.name)
            try append(output.connected)
            try append(output.mode)
            var degrees = UInt32(clamping: output.rotation)
            try check("append uint32", sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "u")), &degrees))
            try append(output.screen)
            try check("close struct", sd_bus_message_close_container(pointer))
        }
        try check("close array", sd_bus_message_close_container(pointer))
    }

    public func append(bytes: Data) throws(BusError) {
        let result = bytes.withUnsafeBytes { raw in
            sd_bus_message_append_array(pointer, CChar(UInt8(ascii: "y")), raw.baseAddress, raw.count)
        }
        try check("append byte array", result)
    }

    // MARK: Reading

    public func readString() throws(BusError) -> String {
        var text: UnsafePointer<CChar>?
        try check("read string", sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &text))
        return text.map { String(cString: $0) } ?? ""
    }

    public func readBool() throws(BusError) -> Bool {
        var flag: Int32 = 0
        try check("read boolean", sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "b")), &flag))
        return flag != 0
    }

    public func readDouble() throws(BusError) -> Double {
        var number = 0.0
        try check("read double", sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "d")), &number))
        return number
    }

    public func readStrings() throws(BusError) -> [String] {
        try check("enter array", sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: "a")), "s"))
        var values: [String] = []
        while true {
            var text: UnsafePointer<CChar>?
            let result = try check("read string", sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &text))
            if result == 0 { break }
            values.append(text.map { String(cString: $0) } ?? "")
        }
        try check("exit array", sd_bus_message_exit_container(pointer))
        return values
    }

    /// An `a{ss}`.
    public func readStringDictionary() throws(BusError) -> [String: String] {
        try check("enter dictionary", sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: "a")), "{ss}"))
        var entries: [String: String] = [:]
        while try check("enter entry", sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: "e")), "ss")) > 0 {
            let key = try readString()
            entries[key] = try readString()
            try check("exit entry", sd_bus_message_exit_container(pointer))
        }
        try check("exit dictionary", sd_bus_message_exit_container(pointer))
        return entries
    }

    /// An `a(sbsus)`, the `Outputs` property.
    public func readOutputs() throws(BusError) -> [OutputStatus] {
        try check("enter array", sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: "a")), "(sbsus)"))
        var outputs: [OutputStatus] = []
        while try check("enter struct", sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: "r")), "sbsus")) > 0 {
            let name = try readString()
            let connected = try readBool()
            let mode = try readString()
            var degrees: UInt32 = 0
            try check("read uint32", sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "u")), &degrees))
            outputs.append(OutputStatus(name: name, connected: connected, mode: mode, rotation: Int(degrees), screen: try readString()))
            try check("exit struct", sd_bus_message_exit_container(pointer))
        }
        try check("exit array", sd_bus_message_exit_container(pointer))
        return outputs
    }

    public func readBytes() throws(BusError) -> Data {
        var bytes: UnsafeRawPointer?
        var count = 0
        try check("read byte array", sd_bus_message_read_array(pointer, CChar(UInt8(ascii: "y")), &bytes, &count))
        guard let bytes else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Steps into a variant holding `signature` (a property value).
    public func enterVariant(_ signature: String) throws(BusError) {
        try check("enter variant", sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: "v")), signature))
    }
}

extension BusMessage {
    /// A method return for this call, to append the out-arguments to and send.
    func makeReturn() throws(BusError) -> BusMessage {
        var reply: OpaquePointer?
        try check("new method return", sd_bus_message_new_method_return(pointer, &reply))
        return BusMessage(adopting: reply!)
    }

    /// Answers this call with the D-Bus error `name`.
    func replyError(name: String, message: String) throws(BusError) {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        sd_bus_error_set(&error, name, message)
        try check("reply error", sd_bus_reply_method_error(pointer, &error))
    }
}
