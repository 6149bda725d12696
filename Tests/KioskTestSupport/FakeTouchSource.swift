import Glibc
import KioskEngine
import KioskInput

/// Touches a test hands over, read by the daemon's loop like a device's: a pipe becomes readable
/// when touches are queued.
package final class FakeTouchSource: TouchSource {
    private var ends: [Int32] = [-1, -1]
    private var queued: [TouchEvent] = []

    package init() {
        _ = pipe(&ends)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    }

    deinit {
        ends.forEach { close($0) }
    }

    package var fileDescriptors: [Int32] { [ends[0]] }
    /// The device nodes the daemon's status reports for this source.
    package var openDevices: [String] = []

    package func send(_ touches: [TouchEvent]) {
        queued += touches
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
    }

    package func readReady(fileDescriptor: Int32) -> TouchSourceUpdate {
        var drained = [UInt8](repeating: 0, count: 64)
        _ = read(ends[0], &drained, drained.count)
        defer { queued = [] }
        return TouchSourceUpdate(touches: queued)
    }
}
