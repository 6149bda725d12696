/// The names scripts and checks address the kiosk by on D-Bus; they are a published contract.
public enum KioskBusInterface {
    public static let busName = "org.swipekiosk.Kiosk1"
    public static let objectPath = "/org/swipekiosk/Kiosk1"
    public static let interface = "org.swipekiosk.Kiosk1"
    /// Error names start with this; `ControlError` holds the rest.
    public static let errorPrefix = "org.swipekiosk.Kiosk1.Error."
}
