import Foundation
import KioskEngine
import KioskOptions
import Synchronization

/// The daemon's background feed: a capture thread beside the render loop.
///
/// The thread opens the camera (when there is one), converts its frames to the display size and
/// publishes them; when the camera is missing or failing it shows the fallback picture and keeps
/// retrying. Without a camera it simply animates the fallback (the `pattern` and `image` sources).
/// The render loop never waits on it: it watches `readinessDescriptor` and takes the newest frame.
public final class LiveFeed: CameraFeed {
    private let mailbox: FrameMailbox
    private let settings: CameraSettings
    private let fallback: FallbackPicture
    private let makeDevice: @Sendable () -> CaptureDevice?
    private let log: @Sendable (String) -> Void
    private let warn: (@Sendable (String) -> Void)?
    private let currentRun = Mutex<CaptureRun?>(nil)
    private let fit: ImageFit
    /// Asked by `setPaused`; the capture thread follows it (a run started later starts paused).
    private let paused = Mutex(false)
    /// Converts the frames the capture thread left unconverted (`completeNewestFrame`): the loop's
    /// own, used from the loop thread only.
    private nonisolated(unsafe) let loopConverter: FrameConverter

    /// - Parameters:
    ///   - makeDevice: builds the device on the capture thread; nil for a feed without a camera.
    ///   - log: receives one line per state change (never one per frame); called on the capture thread.
    ///   - warn: receives the camera's faults (it cannot be opened, it stopped); nil: `log` does.
    ///   - fit: how frames fill `displayWidth` x `displayHeight`: `cover` (aspect-fill) for the
    ///     background; a video element's own fit into its box.
    public init(settings: CameraSettings, displayWidth: Int, displayHeight: Int, fallback: FallbackPicture,
                makeDevice: @escaping @Sendable () -> CaptureDevice?, log: @escaping @Sendable (String) -> Void,
                warn: (@Sendable (String) -> Void)? = nil, fit: ImageFit = .cover) {
        precondition(displayWidth > 0 && displayHeight > 0, "display size \(displayWidth)x\(displayHeight)")
        mailbox = FrameMailbox(width: displayWidth, height: displayHeight, status: "stopped")
        self.settings = settings
        self.fallback = fallback
        self.makeDevice = makeDevice
        self.log = log
        self.warn = warn
        self.fit = fit
        loopConverter = FrameConverter(source: settings.devicePath, fit: fit)
    }

    deinit {
        stop()
    }

    public var readinessDescriptor: Int32 { mailbox.signal.descriptor }

    public var status: String { mailbox.status }

    public var faultCount: Int { mailbox.faultCount }

    public func takeNewestFrame() -> PixelBuffer? {
        mailbox.takeNewest()
    }

    public var newestCaptureBuffer: (any CaptureBuffer)? { mailbox.handedOutCapture?.lease }

    public func setScannedOutDirectly(_ direct: Bool) {
        mailbox.scannedOutDirectly = direct
    }

    public func completeNewestFrame() {
        mailbox.completeHandedOut { captured, frame in
            // A frame that fails to convert shows what its buffer held before: the next one replaces it.
            try? loopConverter.convert(captured, into: frame)
        }
    }

    public func start(after previous: FeedStop?) {
        let run: CaptureRun? = currentRun.withLock { current in
            guard current == nil else { return nil }
            let run = CaptureRun()
            current = run
            return run
        }
        guard let run else { return }
        let mailbox = self.mailbox, settings = self.settings, fallback = self.fallback
        let makeDevice = self.makeDevice, log = self.log, warn = self.warn, fit = self.fit
        run.setPaused(paused.withLock { $0 })
        let thread = Thread {
            // The replaced feed's thread may still be closing the same device: wait here, not on the loop.
            if let previous, !previous.wait(timeout: Self.previousStopWait) {
                (warn ?? log)("camera: the previous capture thread has not released its device after \(Int(Self.previousStopWait)) s; opening anyway")
            }
            let device = makeDevice()
            device?.endWaits { run.isStopRequested }
            // A wait a stop cut short is no fault: nothing is said once the feed is stopping.
            let faults = warn ?? log
            let session = FeedSession(device: device,
                                      fallback: fallback.makeSource(width: mailbox.width, height: mailbox.height, log: log),
                                      mailbox: mailbox, settings: settings, startTime: MonotonicClock.now(), fit: fit,
                                      log: log, warn: { if !run.isStopRequested { faults($0) } })
            while true {
                // The requests are read after the clear: one raised before it is seen here, one
                // raised after it ends the wait below (a raised signal stays readable until cleared).
                run.wake.clear()
                if run.isStopRequested { break }
                if run.isPaused {
                    session.pause()
                    _ = run.wake.wait(timeout: 1)
                    continue
                }
                session.resume(now: MonotonicClock.now())
                let wait = session.step(now: MonotonicClock.now())
                if wait > 0 { _ = run.wake.wait(timeout: wait) }
            }
            session.shutdown()
            mailbox.status = "stopped"
            run.stopped.markFinished()
        }
        thread.name = "camera"
        thread.start()
    }

    /// Holds the feed where it is (a video pipeline pauses; nothing is captured) or lets it go on;
    /// returns at once, the capture thread follows.
    public func setPaused(_ paused: Bool) {
        let changed = self.paused.withLock { value in
            defer { value = paused }
            return value != paused
        }
        guard changed else { return }
        currentRun.withLock { run in run?.setPaused(paused) }
    }

    @discardableResult
    public func stop() -> FeedStop {
        guard let run = currentRun.withLock({ current -> CaptureRun? in
            defer { current = nil }
            return current
        }) else { return .done() }
        // One capture step is bounded by the frame wait (a quarter second); the close that follows
        // may take longer (a USB camera's STREAMOFF): the thread finishes it on its own.
        run.requestStop()
        return run.stopped
    }

    /// How long a new capture thread waits for the one it replaces before opening the device anyway.
    public static let previousStopWait = 3.0
    /// How long a process that is exiting waits, in all, for its capture threads to release their
    /// devices and pipelines: SIGTERM ends the daemon within a second whatever a source is doing
    /// (the kernel releases what a thread still holds when the process exits).
    public static let exitStopWait = 0.5
}

/// One start-to-stop life of the capture thread: how the feed asks it to stop and learns it did.
private final class CaptureRun: Sendable {
    private let stopRequested = Mutex(false)
    private let paused = Mutex(false)
    let wake = EventSignal()
    let stopped = FeedStop()

    var isStopRequested: Bool { stopRequested.withLock { $0 } }
    var isPaused: Bool { paused.withLock { $0 } }

    func setPaused(_ value: Bool) {
        paused.withLock { $0 = value }
        wake.raise()
    }

    func requestStop() {
        stopRequested.withLock { $0 = true }
        wake.raise()
    }
}
