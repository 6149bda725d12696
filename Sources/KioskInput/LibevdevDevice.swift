import CEvdev
import Glibc
import KioskTouch

/// A real evdev device read through libevdev. Opened non-blocking and stamped with CLOCK_MONOTONIC;
/// after SYN_DROPPED it drains libevdev's sync mode and reports the device state re-read from libevdev.
public final class LibevdevDevice: EvdevEventSource {
    public let path: String
    public let fileDescriptor: Int32
    public let deviceDescription: InputDeviceDescription
    private let handle: OpaquePointer

    /// Opens `path` read-only; throws a `TouchDeviceError` naming the device (EACCES gives the fix).
    public init(path: String) throws(TouchDeviceError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw TouchDeviceError.opening(path, errno: errno) }
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(fd, &device)
        guard status == 0, let device else {
            close(fd)
            throw TouchDeviceError(path: path, kind: .notAnEvdevDevice, code: -status)
        }
        // Failing to switch clocks leaves realtime stamps; not fatal, so the result is not checked.
        _ = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        self.path = path
        self.fileDescriptor = fd
        self.handle = device
        self.deviceDescription = Self.describe(device)
    }

    deinit {
        libevdev_free(handle)
        close(fileDescriptor)
    }

    public func grab() throws(TouchDeviceError) {
        let status = libevdev_grab(handle, LIBEVDEV_GRAB)
        guard status == 0 else { throw TouchDeviceError(path: path, kind: .grabFailed, code: -status) }
    }

    public func readAvailable() -> EvdevReadBatch {
        var batch = EvdevReadBatch()
        var event = input_event()
        while true {
            let status = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &event)
            switch status {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                batch.readings.append(.event(Self.rawEvent(event)))
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                // `event` is the SYN_DROPPED; libevdev's state is only current once sync mode is drained.
                let dropped = Self.rawEvent(event)
                batch.readings.append(.event(dropped))
                var syncTime = dropped.time
                while libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &event)
                        == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                    syncTime = Self.rawEvent(event).time
                }
                batch.readings.append(.resynchronized(currentState(), time: syncTime))
            case -EAGAIN, -EINTR:
                return batch
            case -ENODEV:
                batch.deviceRemoved = true
                return batch
            default:
                batch.deviceRemoved = true
                batch.failure = TouchDeviceError(path: path, kind: .failed(operation: "read"), code: -status).description
                return batch
            }
        }
    }

    /// The touch state libevdev holds for the device (after a sync, the kernel's own).
    public func currentState() -> TouchDeviceState {
        let slotCount = max(Int(libevdev_get_num_slots(handle)), 0)
        let slots = (0..<slotCount).map { slot in
            TouchDeviceState.Slot(
                trackingID: libevdev_get_slot_value(handle, UInt32(slot), UInt32(EvdevCode.ABS_MT_TRACKING_ID)),
                x: libevdev_get_slot_value(handle, UInt32(slot), UInt32(EvdevCode.ABS_MT_POSITION_X)),
                y: libevdev_get_slot_value(handle, UInt32(slot), UInt32(EvdevCode.ABS_MT_POSITION_Y)))
        }
        return TouchDeviceState(
            slots: slots,
            currentSlot: max(Int(libevdev_get_current_slot(handle)), 0),
            touching: libevdev_get_event_value(handle, UInt32(EvdevCode.EV_KEY), UInt32(EvdevCode.BTN_TOUCH)) != 0,
            x: libevdev_get_event_value(handle, UInt32(EvdevCode.EV_ABS), UInt32(EvdevCode.ABS_X)),
            y: libevdev_get_event_value(handle, UInt32(EvdevCode.EV_ABS), UInt32(EvdevCode.ABS_Y)))
    }

    private static func rawEvent(_ event: input_event) -> RawInputEvent {
        RawInputEvent(time: Double(event.time.tv_sec) + Double(event.time.tv_usec) / 1_000_000,
                      type: event.type, code: event.code, value: event.value)
    }

    private static func describe(_ device: OpaquePointer) -> InputDeviceDescription {
        var description = InputDeviceDescription(
            name: libevdev_get_name(device).map { String(cString: $0) } ?? "",
            bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)))
        for property in 0...EvdevCode.INPUT_PROP_MAX where libevdev_has_property(device, UInt32(property)) != 0 {
            description.properties.insert(property)
        }
        for type in 0...EvdevCode.EV_MAX where libevdev_has_event_type(device, UInt32(type)) != 0 {
            var codes: Set<UInt16> = []
            let maximum = libevdev_event_type_get_max(UInt32(type))
            if maximum >= 0 {
                for code in 0...UInt16(maximum) where libevdev_has_event_code(device, UInt32(type), UInt32(code)) != 0 {
                    codes.insert(code)
                }
            }
            description.eventCodes[type] = codes
        }
        for code in description.eventCodes[EvdevCode.EV_ABS] ?? [] {
            guard let info = libevdev_get_abs_info(device, UInt32(code))?.pointee else { continue }
            description.absoluteAxes[code] = AbsoluteAxis(
                code: code, value: code == EvdevCode.ABS_MT_SLOT ? libevdev_get_current_slot(device) : info.value,
                minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat,
                resolution: info.resolution)
        }
        return description
    }
}
