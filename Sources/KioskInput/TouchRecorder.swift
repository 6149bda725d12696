import Foundation
import Glibc
import KioskTouch

/// Records one device as an evemu file (`swipe-kiosk record DEVICE [--out FILE]`): the description,
/// then every event as it arrives, in the format `EvemuParser` reads back.
public final class TouchRecorder {
    public let source: any EvdevEventSource
    private let output: FileHandle

    public init(source: any EvdevEventSource, output: FileHandle) {
        self.source = source
        self.output = output
    }

    /// Opens the device at `path` through libevdev and records to `output`.
    public convenience init(devicePath: String, output: FileHandle) throws(TouchDeviceError) {
        self.init(source: try LibevdevDevice(path: devicePath), output: output)
    }

    /// Writes the `# EVEMU 1.3` header and the device description.
    public func writeHeader() throws {
        try output.write(contentsOf: Data(EvemuWriter.header(for: source.deviceDescription).utf8))
    }

    /// Writes what is ready on `source.fileDescriptor`; returns false once the device is gone.
    @discardableResult
    public func recordAvailable() throws -> Bool {
        let batch = source.readAvailable()
        var text = ""
        for reading in batch.readings {
            switch reading {
            case .event(let event):
                text += EvemuWriter.line(for: event)
            case .resynchronized(let state, let time):
                text += "# events were dropped; the device state re-read after SYN_DROPPED follows\n"
                text += Self.stateEvents(state, time: time).map(EvemuWriter.line(for:)).joined()
            }
        }
        if let failure = batch.failure {
            text += "# \(failure)\n"
        } else if batch.deviceRemoved {
            text += "# the device was removed here\n"
        }
        if !text.isEmpty { try output.write(contentsOf: Data(text.utf8)) }
        return !batch.deviceRemoved
    }

    /// Writes the header, then records until the device disappears or `stopDescriptor` (a signalfd,
    /// eventfd or pipe the caller makes readable on Ctrl-C) becomes readable. Sleeps in poll(2).
    public func run(stopDescriptor: Int32?) throws {
        try writeHeader()
        var watched = [pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        if let stopDescriptor { watched.append(pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                throw TouchDeviceError(path: source.path, kind: .failed(operation: "poll"), code: errno)
            }
            if watched.count > 1 && watched[1].revents != 0 { return }
            if watched[0].revents != 0, try !recordAvailable() { return }
        }
    }

    /// The re-read state as ordinary events: a SYN_REPORT to close the dropped frame, then one frame
    /// that sets every slot, so a replay through `TouchDecoder` ends up in the same state.
    static func stateEvents(_ state: TouchDeviceState, time: Double) -> [RawInputEvent] {
        func event(_ type: UInt16, _ code: UInt16, _ value: Int32) -> RawInputEvent {
            RawInputEvent(time: time, type: type, code: code, value: value)
        }
        var events = [event(EvdevCode.EV_SYN, EvdevCode.SYN_REPORT, 0)]
        for (index, slot) in state.slots.enumerated() {
            events += [event(EvdevCode.EV_ABS, EvdevCode.ABS_MT_SLOT, Int32(index)),
                       event(EvdevCode.EV_ABS, EvdevCode.ABS_MT_TRACKING_ID, slot.trackingID),
                       event(EvdevCode.EV_ABS, EvdevCode.ABS_MT_POSITION_X, slot.x),
                       event(EvdevCode.EV_ABS, EvdevCode.ABS_MT_POSITION_Y, slot.y)]
        }
        if !state.slots.isEmpty {
            events.append(event(EvdevCode.EV_ABS, EvdevCode.ABS_MT_SLOT, Int32(state.currentSlot)))
        }
        events += [event(EvdevCode.EV_ABS, EvdevCode.ABS_X, state.x),
                   event(EvdevCode.EV_ABS, EvdevCode.ABS_Y, state.y),
                   event(EvdevCode.EV_KEY, EvdevCode.BTN_TOUCH, state.touching ? 1 : 0),
                   event(EvdevCode.EV_SYN, EvdevCode.SYN_REPORT, 0)]
        return events
    }
}
