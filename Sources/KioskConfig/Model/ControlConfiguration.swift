/// `[control]`: the D-Bus interface `org.swipekiosk.Kiosk1` that `swipe-kiosk ctl` talks to.
public struct ControlConfiguration: Hashable, Sendable {
    public var bus: ControlBus = .system

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        bus = table.choice("bus", default: bus)
        table.finishReading()
    }
}
