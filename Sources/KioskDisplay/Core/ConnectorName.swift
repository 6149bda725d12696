/// Connector names as the kernel prints them: the type's name, a dash and the per-type id (`HDMI-A-1`).
public enum ConnectorName {
    /// drm_connector_enum_list in the kernel, indexed by DRM_MODE_CONNECTOR_*.
    private static let typeNames = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
        "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
    ]

    public static func typeName(_ connectorType: UInt32) -> String {
        let index = Int(connectorType)
        return index < typeNames.count ? typeNames[index] : "Unknown"
    }

    public static func name(type connectorType: UInt32, typeID: UInt32) -> String {
        "\(typeName(connectorType))-\(typeID)"
    }
}
