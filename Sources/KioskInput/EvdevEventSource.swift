import KioskTouch

/// One open evdev device as the touch code sees it: `LibevdevDevice` on real hardware.
public protocol EvdevEventSource: AnyObject {
    /// The device node it was opened from.
    var path: String { get }
    /// Readable when events are waiting; the caller polls it (epoll), never a timer.
    var fileDescriptor: Int32 { get }
    var deviceDescription: InputDeviceDescription { get }
    /// Reads every event that is ready without blocking, resynchronising after SYN_DROPPED.
    func readAvailable() -> EvdevReadBatch
    /// Takes the device for this process alone (EVIOCGRAB).
    func grab() throws(TouchDeviceError)
    /// The touch state the device holds now: its slots' positions and tracking ids, BTN_TOUCH, ABS_X/ABS_Y.
    func currentState() -> TouchDeviceState
}
