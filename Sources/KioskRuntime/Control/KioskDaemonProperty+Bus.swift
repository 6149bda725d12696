extension KioskDaemonProperty {
    /// The property's name on the D-Bus interface.
    var busName: String {
        switch self {
        case .currentScreen: "CurrentScreen"
        case .screens: "Screens"
        case .blanked: "Blanked"
        case .transitioning: "Transitioning"
        case .brightness: "Brightness"
        case .values: "Values"
        case .volume: "Volume"
        case .outputs: "Outputs"
        }
    }
}
