/// What changes on a running daemon that something outside may watch (the D-Bus service's
/// signals and PropertiesChanged, metrics). Every method has an empty default; all are called on
/// the daemon's loop, so an observer must not block.
public protocol KioskDaemonObserver: AnyObject {
    /// A transition ended; `completed` false when it went back to (or stayed on) `from`.
    func transitionEnded(from: String, to: String, completed: Bool)
    /// The screen on top changed: once per completed transition or `goTo`.
    func screenChanged(from: String, to: String)
    /// One or more of the daemon's watchable properties have new values.
    func propertiesChanged(_ properties: Set<KioskDaemonProperty>)
    /// A frame reached the display; `composeSeconds` is what drawing it took.
    func framePresented(composeSeconds: Double)
    /// A reload was accepted (applied or unchanged) or rejected.
    func configurationReloaded(accepted: Bool)
    /// `count` touch events arrived from a device or a replay.
    func touchesArrived(count: Int)
    /// The camera delivered a frame.
    func cameraFrameArrived()
    /// A `signal` button was pressed.
    func buttonPressed(screen: String, button: String)
    /// An `exec` button's command ended with `status`.
    func actionFinished(screen: String, button: String, status: Int32)
    /// An `mqtt` button was pressed: `payload` is due on `topic`.
    func mqttButtonPressed(screen: String, button: String, topic: String, payload: String)
    /// The screen of `output` changed (the first output's too, after its `screenChanged`).
    func outputScreenChanged(output: String, from: String, to: String)
    /// A frame reached `output`, whose vsyncs are `refreshPeriod` seconds apart (the first output's too).
    func outputFramePresented(output: String, composeSeconds: Double, refreshPeriod: Double)
}

extension KioskDaemonObserver {
    public func transitionEnded(from: String, to: String, completed: Bool) {}
    public func screenChanged(from: String, to: String) {}
    public func propertiesChanged(_ properties: Set<KioskDaemonProperty>) {}
    public func framePresented(composeSeconds: Double) {}
    public func configurationReloaded(accepted: Bool) {}
    public func touchesArrived(count: Int) {}
    public func cameraFrameArrived() {}
    public func buttonPressed(screen: String, button: String) {}
    public func actionFinished(screen: String, button: String, status: Int32) {}
    public func mqttButtonPressed(screen: String, button: String, topic: String, payload: String) {}
    public func outputScreenChanged(output: String, from: String, to: String) {}
    public func outputFramePresented(output: String, composeSeconds: Double, refreshPeriod: Double) {}
}

/// The daemon's state an observer can read and be told about.
public enum KioskDaemonProperty: Hashable, Sendable, CaseIterable {
    /// `KioskDaemon.currentScreen`.
    case currentScreen
    /// `KioskDaemon.screenNames`.
    case screens
    /// `KioskDaemon.isBlanked`.
    case blanked
    /// `KioskDaemon.isTransitioning`.
    case transitioning
    /// `KioskDaemon.brightness`.
    case brightness
    /// `KioskDaemon.values`.
    case values
    /// `KioskDaemon.volume`.
    case volume
    /// `KioskDaemon.outputs`.
    case outputs
}
