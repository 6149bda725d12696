import Foundation
import KioskConfig
import KioskEngine
import Logging

/// A running daemon's faces to the outside: the D-Bus object (`[control] bus`), screenshots, and
/// the Prometheus metrics (the `Metrics` method and `[metrics] textfile`).
///
/// Made once by `swipe-kiosk run` before the loop starts, so the bus name is owned before systemd
/// hears READY. Only a restart applies `[control]`, `[metrics]` and `[mqtt]` (`StartOnlyConfiguration`).
public final class KioskControl: ControlTarget, KioskDaemonObserver {
    private unowned let daemon: KioskDaemon
    private let logger: Logger
    private let metrics = KioskMetrics()
    private var service: ControlService?
    private var mqtt: MqttFrontEnd?
    private var screenshots: ScreenshotEncoder?
    /// Scan-out captures asked for and not yet handed to the encoder: they count towards its bound.
    private var scanoutCaptures = 0
    private var metricsTimer: (any DaemonTimer)?
    /// The last failure writing the metrics file, logged once until it changes or a write succeeds.
    private var metricsWriteFailure: String?
    /// True while a `GoTo` without animation runs: the screen change it makes is counted as a cut.
    private var goingToWithoutAnimation = false
    /// The transition style counted in `swipe_kiosk_transitions_total`, read when each one ends.
    private var styleName: String { daemon.configuration.transition.style.rawValue }

    /// Starts whatever the daemon's configuration asks for; a kiosk without any of it still runs.
    public init(daemon: KioskDaemon, logger: Logger) {
        self.daemon = daemon
        self.logger = logger
        daemon.addObserver(self)
        do {
            screenshots = try ScreenshotEncoder(loop: daemon.eventLoop)
        } catch {
            logger.warning("screenshots unavailable: \(error)")
        }
        startService(on: daemon.configuration.control.bus)
        startMqtt(daemon.configuration.mqtt)
        startMetricsFile(daemon.configuration.metrics)
    }

    private func startService(on bus: ControlBus) {
        guard bus != .none else { return }
        do {
            let service = try ControlService(bus: bus, loop: daemon.eventLoop, target: self) { [logger] in logger.repeating("dbus", .warning, "\($0)") }
            daemon.addObserver(service)
            self.service = service
            logger.info("D-Bus: \(KioskBusInterface.busName) on the \(bus.rawValue) bus")
        } catch {
            logger.warning("D-Bus: \(error); the kiosk runs without remote control ([control] bus = \"none\" silences this)")
        }
    }

    private func startMqtt(_ settings: MqttConfiguration) {
        guard settings.broker != nil else { return }
        do {
            let frontEnd = try MqttFrontEnd(settings: settings, daemon: daemon, target: self, logger: logger)
            daemon.addObserver(frontEnd)
            mqtt = frontEnd
            logger.info("MQTT: topics under \(frontEnd.topicPrefix)")
        } catch {
            logger.error("MQTT: \(error); the kiosk runs without MQTT")
        }
    }

    private func startMetricsFile(_ settings: MetricsConfiguration) {
        guard let path = settings.textfile else { return }
        let writer = MetricsTextfileWriter(path: path)
        do {
            let timer = try daemon.clock.makeTimer { [unowned self] in write(with: writer) }
            timer.schedule(at: daemon.clock.now + settings.interval, repeatingEvery: settings.interval)
            metricsTimer = timer
        } catch {
            logger.warning("metrics: \(error)")
        }
        write(with: writer)
    }

    private func write(with writer: MetricsTextfileWriter) {
        do {
            try writer.write(metricsText)
            if metricsWriteFailure != nil { logger.notice("metrics: writing \(writer.path) again") }
            metricsWriteFailure = nil
        } catch {
            let failure = "\(error)"
            guard failure != metricsWriteFailure else { return }
            metricsWriteFailure = failure
            logger.warning("metrics: \(failure); check that the directory exists and the service may write it (logged once until it changes)")
        }
    }

    // MARK: - ControlTarget

    public var currentScreen: String { daemon.currentScreen }
    public var screens: [String] { daemon.screenNames }
    public var isBlanked: Bool { daemon.isBlanked }
    public var isTransitioning: Bool { daemon.isTransitioning }
    public var displayDescription: String { daemon.displayDescription }
    public var cameraDescription: String { daemon.cameraDescription ?? "none" }
    public var touchDevices: [String] { daemon.touchDevices }
    public var uptime: Double { daemon.uptime }
    public var brightness: Double { daemon.brightness }
    public var volume: Double { daemon.volume }

    public var metricsText: String {
        metrics.cameraFaults(total: daemon.cameraFaultCount)
        return metrics.text(uptime: daemon.uptime)
    }

    public func goTo(screen: String, animated: Bool) throws(ControlError) {
        try goTo(output: daemon.mainOutputName, screen: screen, animated: animated)
    }

    public var outputs: [OutputStatus] { daemon.outputStatuses }

    public func goTo(output: String, screen: String, animated: Bool) throws(ControlError) {
        // An unanimated change ends inside daemon.goTo, so the flag covers exactly that change.
        goingToWithoutAnimation = !animated
        defer { goingToWithoutAnimation = false }
        do {
            try daemon.goTo(output: output, screen: screen, animated: animated)
        } catch {
            switch error {
            case .busy: throw .busy
            case .noSuchScreen(let name): throw .noSuchScreen(name: name, screens: daemon.screenNames(ofOutput: output) ?? [])
            case .noSuchOutput(let name, let outputs): throw .noSuchOutput(name: name, outputs: outputs)
            }
        }
    }

    public func screenshot(output: String, completion: @escaping (Result<Data, ControlError>) -> Void) {
        guard let frame = daemon.lastFrame(ofOutput: output, upright: true) else {
            return completion(.failure(.noSuchOutput(name: output, outputs: daemon.outputNames)))
        }
        guard let screenshots else { return completion(.failure(.failed("screenshots are not available"))) }
        guard !daemon.isBlanked else {
            let black = PixelBuffer(width: frame.width, height: frame.height)
            black.fill(0xFF00_0000)
            return screenshots.encode(black, completion: completion)
        }
        screenshots.encode(frame, completion: completion)
    }

    public func screenshot(scanout: Bool, completion: @escaping (Result<Data, ControlError>) -> Void) {
        guard let screenshots else { return completion(.failure(.failed("screenshots are not available"))) }
        guard !daemon.isBlanked else {
            // Dark (DPMS, backlight or a black frame): the last picture is not what the panel shows.
            let frame = scanout ? daemon.lastFrame : daemon.lastUprightFrame
            let black = PixelBuffer(width: frame.width, height: frame.height)
            black.fill(0xFF00_0000)
            return screenshots.encode(black, completion: completion)
        }
        // Where the hardware can read its scan-out back, that is the picture, planes blended.
        if scanout {
            guard scanoutCaptures + screenshots.inFlight < ScreenshotEncoder.maximumInFlight else { return completion(.failure(.busy)) }
        }
        if scanout, daemon.captureScanout({ [weak self, logger] result in
            guard let self, let screenshots = self.screenshots else { return }
            self.scanoutCaptures -= 1
            switch result {
            case .success(let frame):
                screenshots.encode(frame, completion: completion)
            case .failure(let error):
                logger.warning("scan-out screenshot: \(error); sending the daemon's own frame")
                screenshots.encode(self.daemon.lastFrame, completion: completion)
            }
        }) {
            scanoutCaptures += 1
            return
        }
        screenshots.encode(scanout ? daemon.lastFrame : daemon.lastUprightFrame, completion: completion)
    }

    @discardableResult
    public func reloadConfiguration() throws(ControlError) -> String {
        try answer(to: daemon.reload())
    }

    public func requestReload(completion: @escaping (Result<String, ControlError>) -> Void) {
        daemon.requestReload { [unowned self] result in
            completion(Result { () throws(ControlError) in try answer(to: result) })
        }
    }

    /// The reply to a reload: its summary, or why the file was not applied.
    private func answer(to result: ReloadResult) throws(ControlError) -> String {
        switch result {
        case .applied, .unchanged: return daemon.reloadSummary(result)
        case .rejected(let errors): throw .configRejected(errors)
        case .noConfigFile: throw .noConfigFile
        }
    }

    public func blankPanel() throws(ControlError) {
        daemon.blank()
        // The display may refuse DPMS; the daemon logs it and stays lit.
        guard daemon.isBlanked else { throw .failed("the display could not be powered down; see the journal") }
    }

    public func wakePanel() throws(ControlError) {
        daemon.wake()
    }

    public func setBrightness(_ value: Double) throws(ControlError) {
        guard (0...1).contains(value) else { throw .invalidArgument("brightness \(value) is outside 0...1") }
        daemon.setBrightness(value)
    }

    public func setVolume(_ value: Double) throws(ControlError) {
        guard (0...1).contains(value) else { throw .invalidArgument("volume \(value) is outside 0...1") }
        daemon.setVolume(value)
    }

    public var values: [String: String] { daemon.values }

    public func pressButton(screen: String, button: String) throws(ControlError) {
        guard let found = daemon.button(screen: screen, named: button) else {
            throw .invalidArgument("no button \"\(MessageText.shortened(button))\" on screen \"\(MessageText.shortened(screen))\"")
        }
        // Anyone the broker lets publish may press: only a goto, or what the config opted in.
        guard found.mayBePressedRemotely else {
            throw .invalidArgument("button \"\(found.displayName)\" on screen \"\(screen)\" runs its \(found.action.kind.rawValue) action "
                                   + "only from the panel; remote-press = true in its [[screen.element]] lets a remote press run it")
        }
        _ = daemon.pressButton(screen: screen, button: button)
    }

    public func setValue(name: String, value: String) throws(ControlError) {
        do {
            try daemon.setValue(name, to: value)
        } catch {
            throw .valueRefused(error)
        }
    }

    // MARK: - KioskDaemonObserver

    public func transitionEnded(from: String, to: String, completed: Bool) {
        metrics.transitionEnded(style: goingToWithoutAnimation ? KioskMetrics.cutStyle : styleName, completed: completed)
    }

    public func framePresented(composeSeconds: Double) {
        metrics.frameComposed(seconds: composeSeconds, period: daemon.refreshPeriod)
    }

    public func outputFramePresented(output: String, composeSeconds: Double, refreshPeriod: Double) {
        metrics.outputFrameComposed(output: output, seconds: composeSeconds, period: refreshPeriod)
    }

    public func configurationReloaded(accepted: Bool) {
        metrics.reloaded(accepted: accepted)
    }

    public func touchesArrived(count: Int) {
        metrics.touchesArrived(count)
    }

    public func cameraFrameArrived() {
        metrics.cameraFrameArrived()
    }
}
