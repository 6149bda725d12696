import KioskEngine

/// What a frame shows of the background feed, read off its display list: what a display needs to
/// know to put the feed on a plane of its own under the UI.
public struct FeedCoverage: Equatable, Sendable {
    /// The feed fills the whole screen, unscaled and unmoved, at full opacity.
    public var showsFeed: Bool
    /// Something above the feed needs the feed's pixels (its blurred, tinted copy, or the feed again).
    public var feedCovered: Bool

    public init(showsFeed: Bool, feedCovered: Bool) {
        self.showsFeed = showsFeed
        self.feedCovered = feedCovered
    }

    init(_ items: [DisplayItem], screen: PixelRect) {
        let feedIndex = items.firstIndex { item in
            item.source == .backgroundFeed && item.opacity >= 1 && item.roundedClip == nil
                && item.matrix.isIntegerTranslation && item.matrix.g == 0 && item.matrix.h == 0
                && item.opaqueRects.contains(screen)
        }
        showsFeed = feedIndex != nil
        feedCovered = feedIndex.map { index in
            items[(index + 1)...].contains { item in
                switch item.source {
                case .backgroundFeed, .blurredBackgroundFeed: true
                case .surface, .solidColor, .videoFeed: false
                }
            }
        } ?? false
    }
}
