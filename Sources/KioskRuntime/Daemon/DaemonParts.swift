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
    /// False for a desktop window (`preview`): the desk's backlight is not the panel's, so `[power]` opens none.
    public var opensBacklight = true
    /// Makes a video element's player for its content and box (scene pixels); the real one plays
    /// it through GStreamer (`CameraFeedFactory.makeVideoElementFeed`), tests put a fake here.
    public var makeVideoFeed: (VideoContent, PixelSize, Logger) -> any CameraFeed = DaemonParts.videoFeed

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
        return DaemonParts(
            display: opened.display, displayBackend: opened.backend, loop: loop, clock: MonotonicDaemonClock(loop: loop),
            makeTouchSource: { input, surface in
                let monitor = try TouchMonitor(settings: input.touchDeviceSettings, surface: surface)
                for message in monitor.startupMessages { logger.info("\(message)") }
                return monitor
            },
            makeCameraFeed: cameraFeeds(logger: logger))
    }

    /// The parts for a desktop window (`preview`): its mouse is the touchscreen (it arrives as the
    /// window's input), the camera as `[camera]` names it, and CLOCK_MONOTONIC.
    public static func window(_ display: any InteractiveDisplay, logger: Logger) throws -> DaemonParts {
        let loop = try EventLoop()
        return DaemonParts(display: display, displayBackend: .sdl, loop: loop, clock: MonotonicDaemonClock(loop: loop),
                           makeTouchSource: { _, _ in nil }, makeCameraFeed: cameraFeeds(logger: logger))
    }

    /// The real player of a video element: its faults are warnings, its state changes notices.
    public static func videoFeed(_ content: VideoContent, size: PixelSize, logger: Logger) -> any CameraFeed {
        CameraFeedFactory.makeVideoElementFeed(path: content.source, loops: content.loops, fit: content.fit,
                                               width: size.width, height: size.height,
                                               log: { [logger] line in logger.notice("video element: \(line)") },
                                               warn: { [logger] line in logger.warning("video element: \(line)") })
    }

    /// Makes the real camera feed `[camera]` names, at the scene's size.
    private static func cameraFeeds(logger: Logger) -> (CameraConfiguration, Size) throws -> BackgroundFeed? {
        { camera, size in
            try CameraFeedFactory.makeFeed(settings: camera.cameraSettings, displayWidth: Int(size.width),
                                           displayHeight: Int(size.height),
                                           log: { [logger] line in logger.notice("camera: \(line)") },
                                           warn: { [logger] line in logger.warning("camera: \(line)") })
        }
    }
}
