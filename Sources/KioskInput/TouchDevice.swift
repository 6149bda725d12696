import KioskEngine
import KioskTouch

/// One open device and its decoder: reads what is ready and turns it into touches.
public final class TouchDevice {
    public let source: any EvdevEventSource
    public let settings: TouchDeviceSettings
    public private(set) var decoder: TouchDecoder

    /// - Throws: `TouchAxisError` when the device's axes cannot be mapped (see `TouchDecoder`).
    public init(source: any EvdevEventSource, settings: TouchDeviceSettings, surface: TouchSurface,
                firstTouchID: Int = 1) throws(TouchAxisError) {
        self.source = source
        self.settings = settings
        self.decoder = try TouchDecoder(device: source.deviceDescription, surface: surface,
                                        calibration: settings.calibration, firstTouchID: firstTouchID)
        decoder.seedPositions(from: source.currentState())
    }

    public var path: String { source.path }
    public var fileDescriptor: Int32 { source.fileDescriptor }

    /// What one readable notification produced.
    public struct Reading {
        public var touches: [TouchEvent]
        /// The device is gone; its live touches are already in `touches` as `.cancelled`.
        public var removed: Bool
        public var failure: String?
        /// A problem with what the device sends, for the log as a warning (said once per device).
        public var warning: String?
    }

    /// Reads every ready event; a vanished device ends its touches as cancelled at `now()`.
    public func readAvailable(now: () -> Double) -> Reading {
        let batch = source.readAvailable()
        var touches: [TouchEvent] = []
        for reading in batch.readings {
            switch reading {
            case .event(let event):
                touches += decoder.feed(event)
            case .resynchronized(let state, let time):
                touches += decoder.reconcile(with: state, time: time)
            }
        }
        if batch.deviceRemoved { touches += decoder.cancelAll(time: now()) }
        return Reading(touches: touches, removed: batch.deviceRemoved, failure: batch.failure,
                       warning: decoder.takeContactLimitWarning().map { "\(path): \($0)" })
    }

    /// Ends every live touch as cancelled (the device is being dropped).
    public func cancelAll(time: Double) -> [TouchEvent] {
        decoder.cancelAll(time: time)
    }
}
