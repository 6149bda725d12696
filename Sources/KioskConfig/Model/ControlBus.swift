/// Which D-Bus bus the kiosk's control interface is on.
public enum ControlBus: String, CaseIterable, Sendable {
    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS` can point elsewhere); the service's normal home.
    case system
    /// The session bus (`DBUS_SESSION_BUS_ADDRESS`), for development on a desktop.
    case session
    /// No D-Bus interface at all.
    case none
}
