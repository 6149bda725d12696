import KioskOptions

/// Watches a DRM display's connectors: hot-plug uevents where they can be read, and a retry timer
/// that looks again while nothing is shown (no uevents, a mode set that failed, DRM master held
/// by another process). It says what became of the connector in use and which connector to light
/// next; the display does the lighting.
final class DRMConnectorWatcher {
    /// What `[display]` asks for, to choose again when a connector is plugged in.
    let connectorRequest: String?
    let modeRequest: ModeRequest?
    private let hotplug: HotplugMonitor?
    private let retryTimer: TimerDescriptor

    /// Seconds between re-probes while nothing is connected and no uevents can be read.
    static let reprobeInterval = 2.0
    /// The same with hot-plug uevents, which normally say first; a probe can block on DDC, so it is rare.
    static let reprobeIntervalWithHotplug = 30.0

    init(connectorRequest: String?, modeRequest: ModeRequest?, hotplug: HotplugMonitor?, device: String) throws {
        self.connectorRequest = connectorRequest
        self.modeRequest = modeRequest
        self.hotplug = hotplug
        retryTimer = try TimerDescriptor(device: device)
    }

    /// The descriptors to watch: the retry timer, and the uevent socket where there is one.
    var retryDescriptor: Int32 { retryTimer.fileDescriptor }
    var hotplugDescriptor: Int32? { hotplug?.fileDescriptor }

    /// Handles `descriptor` if it is one of the watcher's: nil when it is not, else whether the
    /// connectors should be looked at again (the retry deadline passed, a DRM hot-plug came).
    func handleReadable(_ descriptor: Int32) -> Bool? {
        switch descriptor {
        case retryTimer.fileDescriptor: retryTimer.acknowledge()
        case hotplug?.fileDescriptor: hotplug?.drainHotplugEvents() == true
        default: nil
        }
    }

    /// What became of the connector `output` shows.
    enum Finding {
        /// Still connected with modes: the connector as the kernel describes it now.
        case connected(DRMConnectorInfo)
        case unplugged
        /// The kernel could not say; why, for the log.
        case unreadable(String)
    }

    /// Reads `output`'s connector again.
    func recheck(_ output: DRMOutput, on device: DRMDevice) -> Finding {
        do {
            let connector = try device.connector(output.connector.id)
            return connector.isConnected && !connector.modes.isEmpty ? .connected(connector) : .unplugged
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// The connector the options allow that is connected now, other displays' `claims` left out;
    /// throws `DisplayError.noConnectedConnector` when there is none.
    func choose(on device: DRMDevice, claims: DRMOutput.Claims) throws -> DRMOutput {
        try DRMOutput.choose(on: device, connectorName: connectorRequest, modeRequest: modeRequest, claims: claims)
    }

    /// Looks again after the usual delay (`now` is the display's clock).
    func retryLater(now: Double) {
        retryTimer.arm(at: now + (hotplug == nil ? Self.reprobeInterval : Self.reprobeIntervalWithHotplug))
    }

    /// Looks again at `deadline` (DRM master's back-off).
    func retry(at deadline: Double) {
        retryTimer.arm(at: deadline)
    }

    func stopRetrying() {
        retryTimer.arm(at: nil)
    }
}
