/// One video mode a connector offers.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// The exact refresh rate in hertz, from the pixel clock and totals where known.
    public var refreshRate: Double
    /// The mode the panel itself asks for (DRM_MODE_TYPE_PREFERRED).
    public var isPreferred: Bool
    /// The position in the connector's mode list, so the backend can hand the kernel its own record back.
    public var index: Int

    public init(width: Int, height: Int, refreshRate: Double, isPreferred: Bool = false, index: Int = 0) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
        self.isPreferred = isPreferred
        self.index = index
    }

    /// The refresh rate as the kernel's integer `vrefresh` would show it.
    public var roundedRefreshRate: Int { Int(refreshRate.rounded()) }

    public var description: String {
        "\(width)x\(height)@\(roundedRefreshRate)\(isPreferred ? " (preferred)" : "")"
    }
}
