import Glibc
import KioskEngine
import KioskTouch
@testable import KioskInput

/// A test device behind the same protocol as `LibevdevDevice`: events go in through a pipe as
/// kernel `struct input_event` records and come out through a non-blocking read of its read end.
/// Like libevdev, after SYN_DROPPED it discards the frame and reports `stateAfterDrop`.
/// Closing the write end (`unplug()`) reads as the device having gone (ENODEV in real life).
final class PipeEvdevSource: EvdevEventSource {
    let path: String
    let deviceDescription: InputDeviceDescription
    let fileDescriptor: Int32
    private var writeEnd: Int32
    private var pending: [UInt8] = []
    private var discardingDroppedFrame = false
    private var droppedTime = 0.0
    var stateAfterDrop = TouchDeviceState()
    private(set) var grabbed = false

    init(path: String, description: InputDeviceDescription) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed")
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        self.path = path
        self.deviceDescription = description
        self.fileDescriptor = ends[0]
        self.writeEnd = ends[1]
    }

    deinit {
        close(fileDescriptor)
        if writeEnd >= 0 { close(writeEnd) }
    }

    func grab() throws(TouchDeviceError) { grabbed = true }
    /// What the device holds as it is opened (the kernel's state before any event is read).
    var stateWhenOpened = TouchDeviceState()
    func currentState() -> TouchDeviceState { stateWhenOpened }

    /// Queues events as the kernel would: 24-byte input_event records (timeval, type, code, value).
    func send(_ events: [RawInputEvent]) {
        var bytes: [UInt8] = []
        for event in events {
            let seconds = Int64(event.time.rounded(.down))
            let microseconds = Int64(((event.time - Double(seconds)) * 1_000_000).rounded())
            withUnsafeBytes(of: seconds.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: microseconds.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.value.littleEndian) { bytes += $0 }
        }
        let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "pipe full: read between sends")
    }

    func unplug() {
        close(writeEnd)
        writeEnd = -1
    }

    func readAvailable() -> EvdevReadBatch {
        var batch = EvdevReadBatch()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count == 0 {
                batch.deviceRemoved = true
                break
            }
            guard count > 0 else { break }
            pending += buffer[0..<count]
        }
        while pending.count >= 24 {
            let record = Array(pending[0..<24])
            pending.removeFirst(24)
            let event = record.withUnsafeBytes { bytes in
                RawInputEvent(time: Double(bytes.loadUnaligned(fromByteOffset: 0, as: Int64.self))
                                  + Double(bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self)) / 1_000_000,
                              type: bytes.loadUnaligned(fromByteOffset: 16, as: UInt16.self),
                              code: bytes.loadUnaligned(fromByteOffset: 18, as: UInt16.self),
                              value: bytes.loadUnaligned(fromByteOffset: 20, as: Int32.self))
            }
            let isReport = event.type == EvdevCode.EV_SYN && event.code == EvdevCode.SYN_REPORT
            if discardingDroppedFrame {
                if isReport {
                    discardingDroppedFrame = false
                    batch.readings.append(.resynchronized(stateAfterDrop, time: event.time))
                }
                continue
            }
            batch.readings.append(.event(event))
            if event.type == EvdevCode.EV_SYN && event.code == EvdevCode.SYN_DROPPED { discardingDroppedFrame = true }
        }
        return batch
    }
}
