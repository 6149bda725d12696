import Foundation
import KioskConfig
import KioskEngine

/// The daemon as the D-Bus interface sees it, and the metrics file it writes.
extension KioskDaemon: ControlTarget {
    public var currentScreen: String { scene.screenNames[scene.container.selectedIndex] }
    public var screens: [String] { scene.screenNames }
    public var isBlanked: Bool { blanked }
    public var isTransitioning: Bool { scene.container.isTransitioning }

    public var displayDescription: String {
        "\(configuration.display.backend.rawValue) \(display.size.width)x\(display.size.height)@\(Int(display.refreshRate.rounded()))"
            + (configuration.display.rotation.degrees == 0 ? "" : ", rotated \(configuration.display.rotation.degrees)°")
    }

    public var cameraDescription: String { camera?.status ?? "none" }
    public var touchDevices: [String] { touchMonitor?.openDevices ?? [] }
    public var uptime: Double { MonotonicClock.now() - startTime }
    public var metricsText: String {
        metrics.cameraFaults(total: camera?.faultCount ?? 0)
        return metrics.text(uptime: uptime)
    }

    public func goTo(screen: String, animated: Bool) throws(ControlError) {
        guard let index = scene.screenNames.firstIndex(of: screen) else {
            throw .noSuchScreen(name: screen, screens: scene.screenNames)
        }
        if index == scene.container.selectedIndex && !scene.container.isTransitioning { return }
        guard scene.container.select(index: index, animated: animated) else { throw .busy }
        if blanked { wake() }
        requestFrame()
    }

    public func screenshot(completion: @escaping (Result<Data, ControlError>) -> Void) {
        guard let screenshots else { return completion(.failure(.failed("screenshots are not available"))) }
        // The compositor's output holds the frame last presented, already rotated for the panel.
        screenshots.encode(compositor.output, completion: completion)
    }

    public func reloadConfiguration() throws(ControlError) {
        if let error = reload() { throw error }
    }

    public func blankPanel() throws(ControlError) {
        guard !blanked else { return }
        do {
            try display.setPowerSaving(true)
        } catch {
            throw .failed("cannot blank the panel: \(error)")
        }
        blanked = true
        control?.propertiesChanged([.blanked])
    }

    public func wakePanel() throws(ControlError) {
        guard blanked else { return }
        wake()
    }

    // MARK: - Hooks the daemon calls

    /// Starts the D-Bus interface (`[control] bus`) and the metrics file (`[metrics] textfile`);
    /// a kiosk without either still runs.
    func startControl() {
        do {
            screenshots = try ScreenshotEncoder(loop: loop)
        } catch {
            logger.warning("screenshots unavailable: \(error)")
        }
        let bus = configuration.control.bus
        if bus != .none {
            do {
                control = try ControlService(bus: bus, loop: loop, target: self) { [logger] in logger.warning("\($0)") }
                logger.info("D-Bus: \(KioskBusInterface.busName) on the \(bus.rawValue) bus")
            } catch {
                logger.warning("D-Bus: \(error); the kiosk runs without remote control ([control] bus = \"none\" silences this)")
            }
        }
        startMetricsFile()
    }

    private func startMetricsFile() {
        guard let path = configuration.metrics.textfile else { return }
        do {
            let timer = try TimerSource()
            let writer = MetricsTextfileWriter(path: path)
            let interval = configuration.metrics.interval
            timer.schedule(after: interval, repeatingEvery: interval)
            try loop.watch(timer.fileDescriptor) { [unowned self] in
                timer.acknowledge()
                writeMetrics(with: writer)
            }
            metricsTimer = timer
            writeMetrics(with: writer)
        } catch {
            logger.warning("metrics: \(error)")
        }
    }

    private func writeMetrics(with writer: MetricsTextfileWriter) {
        do {
            try writer.write(metricsText)
        } catch {
            logger.warning("metrics: \(error); check that the directory exists and the service may write it")
        }
    }

    func controlTransitionBegan() {
        control?.propertiesChanged([.transitioning])
    }

    func controlTransitionEnded(from: Int, to: Int, completed: Bool) {
        metrics.transitionEnded(style: configuration.transition.style.rawValue, completed: completed)
        control?.transitionEnded(from: scene.screenNames[from], to: scene.screenNames[to], completed: completed)
    }
}
