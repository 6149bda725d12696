import KioskEngine

/// Why the kiosk refused a control call; each case travels as its own D-Bus error name.
public enum ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A transition runs (or a finger pans), or as many screenshots as are made at once are under
    /// way; neither GoTo nor Screenshot waits.
    case busy
    /// GoTo named a screen the config does not have.
    case noSuchScreen(name: String, screens: [String])
    /// GoToOutput or ScreenshotOutput named an output that does not run.
    case noSuchOutput(name: String, outputs: [String])
    /// Reload found errors; the text is FILE:LINE:COLUMN lines, and the running config stays.
    case configRejected(String)
    /// Reload on the built-in demo, which has no file.
    case noConfigFile
    /// A value outside what the member takes (a `Brightness` outside 0...1).
    case invalidArgument(String)
    /// The display refused to power down or up, or a screenshot could not be made.
    case failed(String)
    /// SetValue named no value, or one whose source is not `dbus`.
    case valueRefused(SetValueError)

    /// The D-Bus error name, e.g. `org.swipekiosk.Kiosk1.Error.Busy`.
    public var busErrorName: String {
        let suffix = switch self {
        case .busy: "Busy"
        case .noSuchScreen: "NoSuchScreen"
        case .noSuchOutput: "NoSuchOutput"
        case .configRejected: "ConfigRejected"
        case .noConfigFile: "NoConfigFile"
        case .invalidArgument: "InvalidArgument"
        case .failed: "Failed"
        case .valueRefused(.noSuchValue): "NoSuchValue"
        case .valueRefused(.notSettable): "NotSettable"
        case .valueRefused(.tooLong): "InvalidArgument"
        }
        return KioskBusInterface.errorPrefix + suffix
    }

    public var description: String {
        switch self {
        case .busy:
            "a transition is under way (or \(ScreenshotEncoder.maximumInFlight) screenshots are being made); try again shortly"
        case .noSuchScreen(let name, let screens):
            "no screen named \"\(MessageText.shortened(name))\"; screens: " + screens.map { "\"\(MessageText.shortened($0))\"" }.joined(separator: ", ")
        case .noSuchOutput(let name, let outputs):
            "no output named \"\(MessageText.shortened(name))\"; outputs: " + outputs.map { "\"\(MessageText.shortened($0))\"" }.joined(separator: ", ")
        case .configRejected(let errors):
            "the config was not applied; the running config stays:\n\(errors)"
        case .noConfigFile:
            "the kiosk runs the built-in demo: there is no config file to reload"
        case .invalidArgument(let reason), .failed(let reason):
            reason
        case .valueRefused(let error):
            error.description
        }
    }
}
