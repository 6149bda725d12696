import KioskEngine

/// The capture thread's decisions, one step at a time, on a clock passed in.
///
/// While the device delivers, its frames are converted into the mailbox. When it is missing,
/// goes away or keeps sending bad buffers, the session closes it, shows the fallback, says so
/// once, and tries again after a growing pause; when a good frame arrives again it says so and
/// the pause starts short again. Without a device it just shows the fallback (the pattern feed).
/// Confined to one thread; tests drive `step(now:)` directly with a fake device.
final class FeedSession {
    enum Phase: Equatable {
        /// Not capturing; the next attempt to open is due at `until` (immediately when in the past).
        case waiting(until: Double)
        case streaming(CaptureFormat)
    }

    private(set) var phase: Phase = .waiting(until: -.infinity)
    /// The fault last reported, so a repeated one is not reported again.
    private(set) var reportedFault: CameraError?

    private let device: CaptureDevice?
    private let fallback: TimedFrameSource?
    private let mailbox: FrameMailbox
    private let log: (String) -> Void
    /// Receives the camera's faults (a warning: the panel shows the fallback); nil: `log` does.
    private let warn: ((String) -> Void)?
    private let converter: FrameConverter
    /// The size and format asked of a camera, for the log; nil for a video, which is played as it is.
    private let requested: String?
    private var backoff: RetryBackoff
    private let startTime: Double
    private var fallbackDueAt: Double?
    private var showingFallback = false
    private var consecutiveBadFrames = 0
    private var lastFrameTime = 0.0
    /// When the device last opened: the back-off starts short again only once it streamed `stallLimit` from there.
    private var openedAt = 0.0
    private var lastAnnouncedFormat: CaptureFormat?
    /// The mailbox's status says the camera streams, as `recovered` sets it.
    private var statusSaysStreaming = false
    /// The device is held where it is (`pause`) until `resume`.
    private(set) var isPaused = false

    /// The longest one wait for a frame lasts, so a stop request is noticed soon.
    let frameWait = 0.25
    /// Bad buffers in a row after which the device is closed and reopened.
    let badFrameLimit = 30
    /// Seconds without any frame after which a streaming device is restarted.
    let stallLimit = 5.0

    /// - Parameter fit: how frames fill the mailbox's size: `cover` for the background, a video element's own `fit`.
    init(device: CaptureDevice?, fallback: TimedFrameSource?, mailbox: FrameMailbox, settings: CameraSettings,
         startTime: Double, fit: ImageFit = .cover, log: @escaping (String) -> Void, warn: ((String) -> Void)? = nil) {
        self.device = device
        self.fallback = fallback
        self.mailbox = mailbox
        self.log = log
        self.warn = warn
        self.startTime = startTime
        converter = FrameConverter(source: device?.path ?? "camera", fit: fit)
        backoff = RetryBackoff(initialDelay: settings.retryInitialDelay, maximumDelay: settings.retryMaximumDelay)
        requested = settings.source == .video ? nil : "\(settings.requestedWidth)x\(settings.requestedHeight)"
            + (settings.pixelFormats.first.map { " \($0)" } ?? "")
        mailbox.status = device.map { "camera \($0.path): opening" } ?? (fallback?.summary ?? "black")
    }

    /// Does one unit of work and returns how many seconds the caller may wait before the next
    /// step (0: step again at once). Never blocks longer than `frameWait`.
    func step(now: Double) -> Double {
        switch phase {
        case .streaming(let format):
            return capture(format: format, now: now)
        case .waiting(let until):
            if let device, now >= until {
                return open(device, now: now)
            }
            let fallbackWait = showFallbackIfDue(now: now)
            guard device != nil else { return fallbackWait ?? 1 }
            return min(max(until - now, 0), fallbackWait ?? .infinity)
        }
    }

    /// Holds a streaming device where it is (a video element's screen went out of sight); no
    /// frame is captured until `resume`.
    func pause() {
        guard !isPaused else { return }
        isPaused = true
        if case .streaming = phase { device?.setPaused(true) }
    }

    /// Lets a paused device go on; the time it was held does not count as a stall.
    func resume(now: Double) {
        guard isPaused else { return }
        isPaused = false
        lastFrameTime = now
        if case .streaming = phase { device?.setPaused(false) }
    }

    /// Releases the device; the session can step again afterwards and will reopen it.
    func shutdown() {
        device?.close()
        phase = .waiting(until: -.infinity)
    }

    private func open(_ device: CaptureDevice, now: Double) -> Double {
        do throws(CameraError) {
            let format = try device.open()
            phase = .streaming(format)
            consecutiveBadFrames = 0
            lastFrameTime = now
            openedAt = now
            if format != lastAnnouncedFormat {
                let chosen = "\(format.width)x\(format.height) \(format.pixelFormat)"
                let asked = requested.map { $0 == chosen ? "" : " (asked \($0))" } ?? ""
                log("camera \(device.path): \(format.card.isEmpty ? "" : "'\(format.card)' ")streaming \(format)\(asked)\(Self.exportNote(format))")
                lastAnnouncedFormat = format
            }
            mailbox.status = "camera \(device.path): \(format)"
            return 0
        } catch {
            return fail(with: error, now: now)
        }
    }

    private func capture(format: CaptureFormat, now: Double) -> Double {
        guard let device else { return 1 }
        let mailbox = self.mailbox
        let converter = self.converter
        do throws(CameraError) {
            let delivered = try device.withNextFrame(timeout: frameWait) { frame throws(CameraError) in
                let buffer = mailbox.writableBuffer()
                if let lease = frame.lease, mailbox.scannedOutDirectly {
                    // A plane shows the capture buffer itself; the loop converts it if it must compose it after all.
                    mailbox.publish(buffer, capture: FrameMailbox.Capture(lease: lease, converted: false))
                    return
                }
                do throws(CameraError) {
                    try converter.convert(frame, into: buffer)
                } catch {
                    mailbox.recycle(buffer)
                    throw error
                }
                mailbox.publish(buffer, capture: frame.lease.map { FrameMailbox.Capture(lease: $0, converted: true) })
            }
            guard delivered else {
                // A clip that does not loop has played out: its last frame stays, nothing stalled.
                if device.hasEnded { return 1 }
                if now - lastFrameTime > stallLimit {
                    return fail(with: .stalled(device: device.path, seconds: now - lastFrameTime), now: now)
                }
                return 0
            }
            recovered(format: format, now: now)
            return 0
        } catch {
            if error.isFrameFault {
                consecutiveBadFrames += 1
                report(error)
                if consecutiveBadFrames < badFrameLimit { return 0 }
            }
            return fail(with: error, now: now)
        }
    }

    /// A good frame: the camera is back, if it had been reported otherwise.
    private func recovered(format: CaptureFormat, now: Double) {
        lastFrameTime = now
        consecutiveBadFrames = 0
        showingFallback = false
        fallbackDueAt = nil
        // A source that fails soon after each opening (a clip or stream that breaks after a frame)
        // keeps backing off: only a device that streamed a while earns the short wait again.
        if now - openedAt >= stallLimit { backoff.reset() }
        if reportedFault != nil, let device {
            log("camera \(device.path): recovered, streaming \(format)")
            reportedFault = nil
        }
        // Once per recovery, not per frame: the text costs more than a zero-copy frame's own work.
        if !statusSaysStreaming {
            mailbox.status = "camera \(device?.path ?? ""): \(format)"
            statusSaysStreaming = true
        }
    }

    /// Closes the device, shows the fallback and schedules the next attempt.
    private func fail(with error: CameraError, now: Double) -> Double {
        statusSaysStreaming = false
        device?.close()
        report(error)
        let delay = backoff.nextDelay()
        phase = .waiting(until: now + delay)
        let shown = fallback?.summary ?? "black"
        mailbox.status = "\(error); showing \(shown); next attempt in \(Self.seconds(delay))"
        if !showingFallback { fallbackDueAt = now }
        let fallbackWait = showFallbackIfDue(now: now)
        return min(delay, fallbackWait ?? .infinity)
    }

    private func report(_ error: CameraError) {
        mailbox.countFault()
        if let reportedFault, reportedFault.isSameKind(as: error) { return }
        reportedFault = error
        (warn ?? log)(error.description)
    }

    /// Renders the fallback when its picture changes; returns seconds until it next does.
    private func showFallbackIfDue(now: Double) -> Double? {
        let due = fallbackDueAt ?? (showingFallback ? nil : now)
        guard let due else { return nil }
        guard now >= due else { return due - now }
        let time = now - startTime
        let buffer = mailbox.writableBuffer()
        if let fallback {
            fallback.render(at: time, into: buffer)
        } else {
            buffer.fill(0xFF00_0000)
        }
        mailbox.publish(buffer)
        showingFallback = true
        fallbackDueAt = fallback?.nextChange(after: time).map { $0 + startTime }
        return fallbackDueAt.map { max($0 - now, 0) }
    }

    /// What the log says of the buffers' DMABUF export, when it was asked for.
    private static func exportNote(_ format: CaptureFormat) -> String {
        switch format.bufferExport {
        case .notAsked: ""
        case .exported: "; buffers exported as DMABUF for zero-copy scan-out"
        case .failed(let reason): "; buffers not exported as DMABUF (\(reason)): frames are converted and copied"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
    }
}
