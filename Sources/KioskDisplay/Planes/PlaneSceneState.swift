/// What the plane planner needs to know of the screen being shown, as plain data.
public struct PlaneSceneState: Equatable, Sendable {
    /// The shown screen's background is the live camera feed.
    public var showsFeed: Bool
    /// Something is drawn over the feed that needs the feed's pixels (a blur or a tint).
    public var feedCovered: Bool
    /// A transition between screens is under way (the feed moves or is mixed with another screen).
    public var transitionRunning: Bool
    /// The panel is blanked or dimmed to black.
    public var panelDark: Bool

    public init(showsFeed: Bool, feedCovered: Bool = false, transitionRunning: Bool = false, panelDark: Bool = false) {
        self.showsFeed = showsFeed
        self.feedCovered = feedCovered
        self.transitionRunning = transitionRunning
        self.panelDark = panelDark
    }
}
