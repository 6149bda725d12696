import Foundation

/// What the D-Bus interface needs from a running kiosk. The daemon conforms; tests may use a fake.
///
/// Every member is called on the event loop's thread and must return within a frame.
public protocol ControlTarget: AnyObject {
    /// The screen shown now (the one a running transition starts from).
    var currentScreen: String { get }
    /// Every screen's name, in swipe order.
    var screens: [String] { get }
    var isBlanked: Bool { get }
    var isTransitioning: Bool { get }
    /// One line on the display in use, e.g. "headless 320x200@60".
    var displayDescription: String { get }
    /// One line on the camera, or "none".
    var cameraDescription: String { get }
    /// The touch devices open now.
    var touchDevices: [String] { get }
    /// Seconds since the daemon started.
    var uptime: Double { get }
    /// The backlight level while awake, 0...1.
    var brightness: Double { get }
    /// The sound volume, 0...1 (`[sound] volume` until set).
    var volume: Double { get }

    /// Runs the transition a tab button runs; throws `.busy` or `.noSuchScreen`.
    func goTo(screen: String, animated: Bool) throws(ControlError)
    /// Calls `completion` (on the loop's thread, maybe later) with a PNG of what the panel shows
    /// now: upright as a person at the panel sees it, or with `scanout` the display's buffer as
    /// it is scanned out (turned by `[display] rotation`); black while the panel is dark.
    func screenshot(scanout: Bool, completion: @escaping (Result<Data, ControlError>) -> Void)
    /// As SIGHUP; returns what it did, naming the keys only a restart applies; throws
    /// `.configRejected` with the config's errors.
    @discardableResult
    func reloadConfiguration() throws(ControlError) -> String
    /// As `reloadConfiguration`, within SIGHUP's limit (at most four reloads a second, on a later
    /// turn of the loop; requests made while one waits share it): `completion` gets its answer.
    func requestReload(completion: @escaping (Result<String, ControlError>) -> Void)
    /// Powers the panel down until `wakePanel()` or a touch.
    func blankPanel() throws(ControlError)
    func wakePanel() throws(ControlError)
    /// Sets the backlight level while awake; throws `.invalidArgument` outside 0...1.
    func setBrightness(_ value: Double) throws(ControlError)
    /// Sets the sound volume; throws `.invalidArgument` outside 0...1.
    func setVolume(_ value: Double) throws(ControlError)
    /// The Prometheus text of the kiosk's metrics.
    var metricsText: String { get }
    /// Every `[[value]]`'s text, by name.
    var values: [String: String] { get }
    /// A remote press (MQTT's `P/command/press`): presses the button `button` on `screen` as a finger
    /// would; throws `.invalidArgument` when there is none, or when it runs an action other than
    /// going to a screen without `remote-press = true`.
    func pressButton(screen: String, button: String) throws(ControlError)
    /// Sets a `dbus` value; throws `.valueRefused` for an unknown one or another source's.
    func setValue(name: String, value: String) throws(ControlError)
    /// Every output, the first (the touch deck, which `goTo` and `screenshot` address) first.
    var outputs: [OutputStatus] { get }
    /// Goes to `screen` on `output`; throws `.noSuchOutput`, `.noSuchScreen` or `.busy`.
    func goTo(output: String, screen: String, animated: Bool) throws(ControlError)
    /// As `screenshot(scanout: false, ...)`, of `output`.
    func screenshot(output: String, completion: @escaping (Result<Data, ControlError>) -> Void)
}

/// A target with one output: the calls for several answer for none.
extension ControlTarget {
    /// A target without a limit reloads at once.
    public func requestReload(completion: @escaping (Result<String, ControlError>) -> Void) {
        completion(Result { () throws(ControlError) in try reloadConfiguration() })
    }

    public var outputs: [OutputStatus] { [] }

    public func goTo(output: String, screen: String, animated: Bool) throws(ControlError) {
        throw .noSuchOutput(name: output, outputs: outputs.map(\.name))
    }

    public func screenshot(output: String, completion: @escaping (Result<Data, ControlError>) -> Void) {
        completion(.failure(.noSuchOutput(name: output, outputs: outputs.map(\.name))))
    }
}
