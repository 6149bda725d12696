import KioskEngine

/// Where the daemon's epoll loop gets touches: watch `fileDescriptors` for readability and call
/// `readReady(fileDescriptor:)` for each one that is ready.
public protocol TouchSource: AnyObject {
    /// Every descriptor to watch right now; hotplug changes it, as each `TouchSourceUpdate` says.
    var fileDescriptors: [Int32] { get }
    /// Reads what is ready on `fileDescriptor` without blocking.
    func readReady(fileDescriptor: Int32) -> TouchSourceUpdate
    /// The device nodes open now, for status reports; none for a source without devices.
    var openDevices: [String] { get }
}

extension TouchSource {
    public var openDevices: [String] { [] }
}

/// What one readable descriptor produced: touches, and changes to the set of descriptors to watch.
/// Apply `removedFileDescriptors` before `addedFileDescriptors`: a closed descriptor's number can
/// come back at once for a newly opened device.
public struct TouchSourceUpdate: Sendable {
    public var touches: [TouchEvent]
    /// Newly opened devices: add these to epoll.
    public var addedFileDescriptors: [Int32]
    /// Devices dropped (already closed, so epoll has forgotten them): forget them too.
    public var removedFileDescriptors: [Int32]
    /// One line each for the log: devices added or removed, devices that cannot be opened and why.
    public var messages: [String]
    /// One line each for the log at warning level: a device sending what it should not.
    public var warnings: [String]

    public init(touches: [TouchEvent] = [], addedFileDescriptors: [Int32] = [], removedFileDescriptors: [Int32] = [],
                messages: [String] = [], warnings: [String] = []) {
        self.touches = touches
        self.addedFileDescriptors = addedFileDescriptors
        self.removedFileDescriptors = removedFileDescriptors
        self.messages = messages
        self.warnings = warnings
    }
}
