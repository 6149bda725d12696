/// What `swipe-kiosk ctl status` reports: the interface's properties in one value.
public struct ControlStatus: Codable, Equatable, Sendable {
    public var currentScreen: String
    public var screens: [String]
    public var blanked: Bool
    public var transitioning: Bool
    public var display: String
    public var camera: String
    public var touchDevices: [String]
    public var uptimeSeconds: Double
    /// Every output, the first (the touch deck) first.
    public var outputs: [OutputStatus]

    /// One line per output when there are several.
    private var outputLines: String {
        guard outputs.count > 1 else { return "" }
        return "\noutputs:       " + outputs.map(\.text).joined(separator: "\n               ")
    }

    /// The human-readable form, one fact a line.
    public var text: String {
        let minutes = Int(uptimeSeconds) / 60
        return """
            screen:        \(currentScreen)\(transitioning ? " (transition under way)" : "")
            screens:       \(screens.joined(separator: ", "))
            blanked:       \(blanked ? "yes" : "no")
            display:       \(display)
            camera:        \(camera)
            touch devices: \(touchDevices.isEmpty ? "none" : touchDevices.joined(separator: ", "))
            uptime:        \(minutes / 60) h \(minutes % 60) min \(Int(uptimeSeconds) % 60) s
            """ + outputLines
    }
}
