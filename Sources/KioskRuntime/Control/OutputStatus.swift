/// One output as the D-Bus property `Outputs` (`a(sbsus)`) and `ctl status` report it.
public struct OutputStatus: Codable, Equatable, Sendable {
    /// Its connector's name (`HDMI-A-1`), or the headless output's.
    public var name: String
    /// False while it is unplugged.
    public var connected: Bool
    /// "WxH@Hz".
    public var mode: String
    /// Degrees the panel is turned: 0, 90, 180 or 270.
    public var rotation: Int
    /// The screen it shows.
    public var screen: String

    public init(name: String, connected: Bool, mode: String, rotation: Int, screen: String) {
        self.name = name
        self.connected = connected
        self.mode = mode
        self.rotation = rotation
        self.screen = screen
    }

    /// One line for `ctl status`: `HDMI-A-1 1920x1080@60 "menu"`.
    public var text: String {
        "\(name) \(mode)" + (rotation == 0 ? "" : " rotated \(rotation)°") + (connected ? "" : " (disconnected)") + " \"\(screen)\""
    }
}
