import Foundation
import KioskCamera
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import KioskOptions
import KioskTouch
import Logging

/// What a daemon runs on, made outside it: `swipe-kiosk run` passes the real display, devices
/// and clock (`DaemonParts.real`); tests pass a headless display on a manual clock and fakes.
public struct DaemonParts {
    /// Where frames go; its frame clock paces the animations.
    public var display: any Display
    /// Which backend `display` is, for reports (`ctl status`).
    public var displayBackend: DisplayBackend
    /// The loop every descriptor is watched on.
    public var loop: EventLoop
    /// Time and timers for idle, replay and the watchdog.
    public var clock: any DaemonClock
    /// Makes the touch source for `[input]` on the display's touch surface, at start and after a reload that changes it.
    public var makeTouchSource: (InputConfiguration, TouchSurface) throws -> (any TouchSource)?
    /// Makes the camera feed for `[camera]`, at start and after a reload that changes it.
    public var makeCameraFeed: (CameraConfiguration, Size) throws -> BackgroundFeed?
    /// The time of day for `[[power.schedule]]`, and word of clock steps.
    public var wallClock: any WallClock
    /// Where `[power] backlight = "auto"` looks for a backlight.
    public var backlightClassFolder: String
    /// Where READY, WATCHDOG, RELOADING and STOPPING go: systemd's NOTIFY_SOCKET, or a test's recorder.
    public var notifier: any ServiceNotifier
    /// Opens an output beside the first (`[[display.output]]` 2, 3, ...) with `[display]` as it runs.
    public var makeOutputDisplay: (OutputConfiguration, DisplayConfiguration) throws -> any Display
    /// Makes the touch source of the devices `[[input.device]] output` maps to the named output, on its touch surface.
    public var makeOutputTouchSource: (String, InputConfiguration, TouchSurface) throws -> (any TouchSource)?
    /// False for a desktop window (`preview`): the desk's backlight is not the panel's, so `[power]` opens none.
    public var opensBacklight = true
    /// Makes a video element's player for its content and box (scene pixels); the real one plays
    /// it through GStreamer (`CameraFeedFactory.makeVideoElementFeed`), tests put a fake here.
    public var makeVideoFeed: (VideoContent, PixelSize, Logger) -> any CameraFeed
    /// Where clips with `audio = true` play their audio, and how loud (the sound board sets it).
    public let videoAudio = VideoAudio()
    /// Makes the sink `[sound]` plays to on its device at its volume, once a sound is named; the
    /// real one is GStreamer's alsasink, tests put a fake here.
    public var makeSoundSink: (String, Double, Logger) throws(SoundLoadError) -> any SoundSink = DaemonParts.soundSink
    /// Starts the web host for web elements; nil: `swipe-kiosk-web` (`WebHostProcess`). Tests put a fake here.
    package var launchWebHost: WebHostLauncher?

    public init(display: any Display, displayBackend: DisplayBackend = .headless, loop: EventLoop, clock: any DaemonClock,
                makeTouchSource: @escaping (InputConfiguration, TouchSurface) throws -> (any TouchSource)?,
                makeCameraFeed: @escaping (CameraConfiguration, Size) throws -> BackgroundFeed?,
                wallClock: (any WallClock)? = nil, backlightClassFolder: String = SysfsBacklight.classFolder,
                notifier: any ServiceNotifier = SystemdNotifier()) {
        self.display = display
        self.displayBackend = displayBackend
        self.loop = loop
        self.clock = clock
        self.makeTouchSource = makeTouchSource
        self.makeCameraFeed = makeCameraFeed
        self.wallClock = wallClock ?? SystemWallClock(loop: loop)
        self.backlightClassFolder = backlightClassFolder
        self.notifier = notifier
        makeOutputDisplay = Self.headlessOutput(virtualClock: false)
        makeOutputTouchSource = { _, _, _ in nil }
        makeVideoFeed = Self.videoFeeds(audio: videoAudio)
    }

    /// Opens outputs beside the first as headless surfaces: `mode` (its size and rate), else
    /// `size` at `[display] refresh-rate`; `virtualClock` as `HeadlessDisplay` takes it.
    public static func headlessOutput(virtualClock: Bool, copiesFrames: Bool = false)
        -> (OutputConfiguration, DisplayConfiguration) throws -> any Display {
        { output, display in
            let size = output.panelSize(default: display.size)
            return try HeadlessDisplay(width: size.width, height: size.height,
                                       refreshRate: output.mode?.refreshRate ?? display.refreshRate,
                                       virtualClock: virtualClock, copiesFrames: copiesFrames)
        }
    }

    /// The real parts for `configuration`: the display it selects (or `backendOverride`), the
    /// touch devices under /dev/input, the camera it names, and CLOCK_MONOTONIC.
    public static func real(for configuration: KioskConfiguration, backendOverride: DisplayBackend?,
                            logger: Logger) throws -> DaemonParts {
        let opened = try DisplayOpener.open(configuration.display.displayOptions(backendOverride: backendOverride),
                                            log: { [logger] line in logger.info("\(line)") })
        // Which backend was chosen, and why each one before it was passed over.
        for line in opened.log { logger.notice("\(line)") }
        let loop = try EventLoop()
        var parts = DaemonParts(
            display: opened.display, displayBackend: opened.backend, loop: loop, clock: MonotonicDaemonClock(loop: loop),
            makeTouchSource: { input, surface in
                let monitor = try TouchMonitor(settings: input.touchDeviceSettings, surface: surface)
                for message in monitor.startupMessages { logger.info("\(message)") }
                return monitor
            },
            makeCameraFeed: { _, _ in nil })
        parts.makeCameraFeed = cameraFeeds(logger: logger, exportsBuffers: opened.backend == .drm && configuration.display.planes == .auto,
                                           audio: parts.videoAudio)
        parts.makeOutputTouchSource = { output, input, surface in
            let monitor = try TouchMonitor(settings: input.touchDeviceSettings(forOutput: output), surface: surface)
            for message in monitor.startupMessages { logger.info("output \(output): \(message)") }
            return monitor
        }
        parts.makeOutputDisplay = outputDisplays(beside: opened, logger: logger)
        return parts
    }

    /// How outputs beside the first open on the backend the first opened on: headless surfaces
    /// beside a headless one, connectors of the same card beside a DRM one.
    private static func outputDisplays(beside opened: DisplayOpener.Result, logger: Logger)
        -> (OutputConfiguration, DisplayConfiguration) throws -> any Display {
        switch opened.backend {
        case .headless:
            return headlessOutput(virtualClock: false)
        case .drm:
            guard let first = opened.display as? DRMDisplay else {
                return unavailableOutput("outputs beside the first need the first output on a DRM card")
            }
            // Another connector of the same card, with its own CRTC and flips; one not connected yet
            // is waited for, composing frames of its `size` (or `[display]`'s).
            return { [weak first] output, display in
                guard let first else { throw DisplayError.invalidOption("the first output's DRM display is closed") }
                let size = output.panelSize(default: display.size)
                return try DRMDisplay(beside: first, connectorName: output.connector, mode: output.mode,
                                      waitingSize: (size.width, size.height), waitingRefreshRate: display.refreshRate,
                                      log: { [logger] line in logger.info("output \(output.connector): \(line)") })
            }
        case .auto, .fbdev, .sdl:
            return unavailableOutput("outputs beside the first need the headless backend, not \(opened.backend.rawValue)")
        }
    }

    private static func unavailableOutput(_ reason: String) -> (OutputConfiguration, DisplayConfiguration) throws -> any Display {
        { _, _ in throw DisplayError.invalidOption(reason) }
    }

    /// The parts for a desktop window (`preview`): its mouse is the touchscreen (it arrives as the
    /// window's input), the camera as `[camera]` names it, and CLOCK_MONOTONIC.
    public static func window(_ display: any InteractiveDisplay, logger: Logger) throws -> DaemonParts {
        let loop = try EventLoop()
        var parts = DaemonParts(display: display, displayBackend: .sdl, loop: loop, clock: MonotonicDaemonClock(loop: loop),
                                makeTouchSource: { _, _ in nil }, makeCameraFeed: { _, _ in nil })
        parts.makeCameraFeed = cameraFeeds(logger: logger, audio: parts.videoAudio)
        return parts
    }

    /// The real sound sink: GStreamer's alsasink on `device`.
    public static func soundSink(device: String, volume: Double, logger: Logger) throws(SoundLoadError) -> any SoundSink {
        try GStreamerSoundSink(device: device, volume: volume, logger: logger)
    }

    /// The real players of video elements: their faults are warnings, their state changes notices;
    /// a clip with `audio = true` plays its audio through `audio`.
    public static func videoFeeds(audio: VideoAudio) -> (VideoContent, PixelSize, Logger) -> any CameraFeed {
        { content, size, logger in
            CameraFeedFactory.makeVideoElementFeed(path: content.source, loops: content.loops, fit: content.fit,
                                                   width: size.width, height: size.height,
                                                   log: { [logger] line in logger.notice("video element: \(line)") },
                                                   warn: { [logger] line in logger.repeating("video", .warning, "video element: \(line)") },
                                                   audio: content.audio ? audio : nil)
        }
    }

    /// Makes the real camera feed `[camera]` names, at the scene's size; `exportsBuffers`: its
    /// buffers exported as DMABUF, for a display that may scan them out as captured.
    private static func cameraFeeds(logger: Logger, exportsBuffers: Bool = false, audio: VideoAudio)
        -> (CameraConfiguration, Size) throws -> BackgroundFeed? {
        { camera, size in
            var settings = camera.cameraSettings
            settings.exportsBuffers = exportsBuffers
            return try CameraFeedFactory.makeFeed(settings: settings, displayWidth: Int(size.width),
                                           displayHeight: Int(size.height),
                                           log: { [logger] line in logger.notice("camera: \(line)") },
                                           warn: { [logger] line in logger.repeating("camera", .warning, "camera: \(line)") },
                                           audio: audio)
        }
    }
}
