import KioskEngine

/// The frame clock of a real display: the display decides when a vsync happened and calls
/// `deliver`; adding a link wakes the display so an idle screen starts ticking again.
public final class VsyncFrameClock: FrameClock {
    public let refreshInterval: Double
    private let registry = DisplayLinkRegistry()
    /// Called when a link is added, so the owner can arm its next tick.
    var onLinkAdded: (() -> Void)?

    init(refreshInterval: Double) {
        self.refreshInterval = refreshInterval
    }

    public func addDisplayLink(_ handler: @escaping (FrameTick) -> Void) -> DisplayLink {
        let link = registry.add(handler)
        onLinkAdded?()
        return link
    }

    public var wantsTicks: Bool { registry.hasActiveLinks }

    func deliver(_ tick: FrameTick) {
        registry.deliver(tick)
    }
}
