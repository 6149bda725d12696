import Foundation
import Glibc
import KioskEngine
import KioskTouch

/// The daemon's touch input: opens the touch devices the settings select from a device directory
/// (normally /dev/input) and follows hotplug through inotify on that directory. New devices are
/// opened when their node appears or its permissions change; a removed device ends its live touches
/// as `.cancelled`. Everything is driven by readable descriptors: see `TouchSource`.
public final class TouchMonitor: TouchSource {
    /// Opens one device node; `LibevdevDevice.init(path:)` outside tests.
    public typealias Opener = (String) throws -> any EvdevEventSource

    public let directory: String
    public let surface: TouchSurface
    public let settings: [TouchDeviceSettings]
    /// What happened while opening the devices present at start, one line each, for the log.
    public private(set) var startupMessages: [String] = []

    private let opener: Opener
    private let clock: () -> Double
    private let hotplugDescriptor: Int32
    private let directoryWatch: Int32
    private var linkWatches: Set<Int32> = []
    private var devices: [Int32: TouchDevice] = [:]
    /// Paths whose open failure was logged already, so hotplug retries do not repeat it.
    private var reportedFailures: Set<String> = []
    private var openedDeviceCount = 0

    /// Watches `directory` and opens the real devices found there through libevdev.
    /// - Parameter settings: which devices to use and how; empty means every direct-touch device.
    /// - Parameter surface: the picture touches land in; devices are mapped onto the panel's native
    ///   scan-out by their calibration, then turned with the display.
    public convenience init(settings: [TouchDeviceSettings], surface: TouchSurface,
                            directory: String = "/dev/input") throws(TouchDeviceError) {
        try self.init(settings: settings, surface: surface, directory: directory,
                      opener: { path in try LibevdevDevice(path: path) }, clock: MonotonicClock.now)
    }

    /// - Parameters:
    ///   - opener: opens a device node as an `EvdevEventSource`.
    ///   - clock: the input clock, for the time of touches cancelled when a device disappears.
    public init(settings: [TouchDeviceSettings], surface: TouchSurface, directory: String,
                opener: @escaping Opener, clock: @escaping () -> Double) throws(TouchDeviceError) {
        self.directory = directory
        self.surface = surface
        self.settings = settings.isEmpty ? [TouchDeviceSettings()] : settings
        self.opener = opener
        self.clock = clock
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw TouchDeviceError(path: directory, kind: .watchFailed, code: errno) }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)
        let watch = inotify_add_watch(descriptor, directory, mask)
        guard watch >= 0 else {
            let code = errno
            close(descriptor)
            throw TouchDeviceError(path: directory, kind: .watchFailed, code: code)
        }
        hotplugDescriptor = descriptor
        directoryWatch = watch
        // Stable names (/dev/input/by-id/...) may appear after their event node; watching their
        // directories too lets a late symlink still find its device.
        for case .path(let wanted) in self.settings.map(\.match) {
            let parent = (wanted as NSString).deletingLastPathComponent
            if resolved(parent) != resolved(directory) {
                let watch = inotify_add_watch(descriptor, parent, UInt32(IN_CREATE | IN_MOVED_TO))
                if watch >= 0 { linkWatches.insert(watch) }
            }
            if !FileManager.default.fileExists(atPath: wanted) {
                startupMessages.append("\(wanted): configured touch device is not present; it will be used when it appears")
            }
        }
        startupMessages += rescan().messages
        // A calibration by name that no device present has: a typo, or a panel not plugged in yet.
        let present = Set(devices.values.map(\.source.deviceDescription.name))
        var missing: [String] = []
        for entry in settings {
            guard case .name(let name)? = entry.calibrationMatch ?? (entry.calibration == .identity ? nil : entry.match),
                  !present.contains(name), !missing.contains(name) else { continue }
            missing.append(name)
            startupMessages.append("[[input.device]] match = \"\(name)\" fits no touch device present; its calibration waits "
                                   + "for a device of that name (`swipe-kiosk list-devices` shows the names)")
        }
        if devices.isEmpty {
            startupMessages.append("\(directory): no touch device matches the config yet; waiting for one to be plugged in")
        }
    }

    deinit {
        close(hotplugDescriptor)
    }

    /// The open devices, by path.
    public var openDevices: [String] { devices.values.map(\.path).sorted() }

    /// The inotify descriptor first, then one per open device.
    public var fileDescriptors: [Int32] { [hotplugDescriptor] + devices.keys.sorted() }

    public func readReady(fileDescriptor: Int32) -> TouchSourceUpdate {
        if fileDescriptor == hotplugDescriptor { return readHotplug() }
        guard let device = devices[fileDescriptor] else { return TouchSourceUpdate() }
        let reading = device.readAvailable(now: clock)
        var update = TouchSourceUpdate(touches: reading.touches, warnings: reading.warning.map { [$0] } ?? [])
        if reading.removed {
            devices[fileDescriptor] = nil
            update.removedFileDescriptors = [fileDescriptor]
            update.messages = [reading.failure ?? "\(device.path): touch device removed"]
        }
        return update
    }

    /// Ends every live touch on every device as cancelled, e.g. before the daemon stops.
    public func cancelAllTouches() -> [TouchEvent] {
        let now = clock()
        return devices.keys.sorted().flatMap { devices[$0]!.cancelAll(time: now) }
    }

    private func readHotplug() -> TouchSourceUpdate {
        var update = TouchSourceUpdate()
        for event in InotifyReader.readAll(from: hotplugDescriptor) {
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || linkWatches.contains(event.watch) {
                merge(rescan(), into: &update)
                continue
            }
            guard event.watch == directoryWatch, event.name.hasPrefix("event") else { continue }
            let path = directory + "/" + event.name
            if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                merge(remove(path: path), into: &update)
            } else {
                merge(open(path: path), into: &update)
            }
        }
        return update
    }

    /// Opens every event node in the directory not open yet; drops open ones whose node is gone.
    private func rescan() -> TouchSourceUpdate {
        var update = TouchSourceUpdate()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let present = Set(names.filter { $0.hasPrefix("event") }.map { directory + "/" + $0 })
        for device in devices.values where !present.contains(device.path) {
            merge(remove(path: device.path), into: &update)
        }
        let ordered = present.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        for path in ordered { merge(open(path: path), into: &update) }
        return update
    }

    private func open(path: String) -> TouchSourceUpdate {
        guard !devices.values.contains(where: { $0.path == path }) else { return TouchSourceUpdate() }
        let source: any EvdevEventSource
        do {
            source = try opener(path)
        } catch {
            // A node that is neither ours nor openable right now (udev may still be fixing its
            // permissions) is retried on the next hotplug event; its reason is logged once.
            guard mightBeWanted(path: path), reportedFailures.insert(path).inserted else { return TouchSourceUpdate() }
            return TouchSourceUpdate(messages: ["\(error)"])
        }
        let device = source.deviceDescription
        guard let chosen = TouchDeviceSettings.chosen(from: settings, for: device, at: path) else {
            if device.positionAxes == nil, namedExplicitly(path: path, device: device), reportedFailures.insert(path).inserted {
                return TouchSourceUpdate(messages: [
                    "\(path): '\(device.name)' is named in the config but reports no absolute X/Y axes, so it is not a touchscreen; run `swipe-kiosk list-devices`",
                ])
            }
            return TouchSourceUpdate()
        }
        guard !chosen.isSkipped else { return TouchSourceUpdate() }
        openedDeviceCount += 1
        let touchDevice: TouchDevice
        do {
            touchDevice = try TouchDevice(source: source, settings: chosen, surface: surface,
                                          firstTouchID: openedDeviceCount * 1_000_000 + 1)
        } catch {
            // Broken firmware stays broken: say so once, not on every hotplug event.
            guard reportedFailures.insert(path).inserted else { return TouchSourceUpdate() }
            return TouchSourceUpdate(messages: ["\(path): \(error)"])
        }
        reportedFailures.remove(path)
        var messages: [String] = []
        if chosen.grab {
            do {
                try source.grab()
            } catch {
                messages.append("\(error); using it without a grab")
            }
        }
        devices[touchDevice.fileDescriptor] = touchDevice
        messages.insert("\(path): touch device added (\(device.name))", at: 0)
        return TouchSourceUpdate(addedFileDescriptors: [touchDevice.fileDescriptor], messages: messages)
    }

    private func remove(path: String) -> TouchSourceUpdate {
        reportedFailures.remove(path)
        guard let (descriptor, device) = devices.first(where: { $0.value.path == path }) else { return TouchSourceUpdate() }
        let touches = device.cancelAll(time: clock())
        devices[descriptor] = nil
        return TouchSourceUpdate(touches: touches, removedFileDescriptors: [descriptor],
                                 messages: ["\(path): touch device removed"])
    }

    private func namedExplicitly(path: String, device: InputDeviceDescription) -> Bool {
        settings.contains { $0.match.names(device, at: path) }
    }

    /// Whether a node that failed to open could be one the settings ask for: always, unless every
    /// entry names other paths.
    private func mightBeWanted(path: String) -> Bool {
        settings.contains { entry in
            if case .path(let wanted) = entry.match { return resolved(wanted) == resolved(path) }
            return true
        }
    }

    private func resolved(_ path: String) -> String {
        TouchDeviceSettings.Match.resolved(path)
    }

    private func merge(_ part: TouchSourceUpdate, into update: inout TouchSourceUpdate) {
        update.touches += part.touches
        update.addedFileDescriptors += part.addedFileDescriptors
        update.removedFileDescriptors += part.removedFileDescriptors
        update.messages += part.messages
        update.warnings += part.warnings
    }
}
