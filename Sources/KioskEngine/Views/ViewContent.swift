/// What a view draws inside its bounds, on top of its background colour.
///
/// A description, not pixels: the compositor renders each distinct content once and caches it
/// until the value or the view's size changes.
public enum ViewContent: Hashable, Sendable {
    case none
    case linearGradient(LinearGradient)
    case text(TextContent)
    case image(ImageContent)
    /// The newest background feed frame (camera, pattern or still image), aspect-filled.
    case backgroundFeed
    /// The blurred, tinted copy of the background feed that sits behind a card.
    case blurredBackgroundFeed(BlurStyle)
    /// The newest frame of a video element's own feed, fitted into the bounds.
    case video(VideoContent)
    /// The newest frame of a web element's page, drawn by the web host at the bounds' size.
    case web(WebContent)
}

/// A multi-stop linear gradient between two points given in unit coordinates of the view.
public struct LinearGradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        /// 0 at `start`, 1 at `end`.
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]
    public var start: Point
    public var end: Point

    /// Top to bottom by default, as the source article's card.
    public init(stops: [Stop], start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1)) {
        self.stops = stops
        self.start = start
        self.end = end
    }

    /// Colours spread evenly from start to end.
    public init(colors: [Color], start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1)) {
        let last = Double(max(colors.count - 1, 1))
        self.init(stops: colors.enumerated().map { Stop(color: $1, location: Double($0) / last) }, start: start, end: end)
    }

    public var isOpaque: Bool { stops.allSatisfy(\.color.isOpaque) }
}

/// A PNG or JPEG file drawn into the view's bounds.
public struct ImageContent: Hashable, Sendable {
    public var path: String
    public var fit: ImageFit

    public init(path: String, fit: ImageFit = .cover) {
        self.path = path
        self.fit = fit
    }
}

/// A video (a file, a folder or a URI) played into the view's bounds, without sound; its frames
/// come from the feed the runtime runs for the view, already fitted to its size as `fit` says.
public struct VideoContent: Hashable, Sendable {
    /// The file, folder (played in name order) or stream URI.
    public var source: String
    public var fit: ImageFit
    /// Start again at the end; false leaves the last frame on show.
    public var loops: Bool
    /// Its audio track plays.
    public var audio: Bool

    public init(source: String, fit: ImageFit = .contain, loops: Bool = true, audio: Bool = false) {
        self.source = source
        self.fit = fit
        self.loops = loops
        self.audio = audio
    }
}

/// A web page (`type = "web"`) drawn by the web host into the view's bounds, one to one; until its
/// first frame, and while it cannot load, the view draws nothing (what is behind it shows).
public struct WebContent: Hashable, Sendable {
    /// The page's url as configured: `{value}` placeholders are filled by the runtime.
    public var url: String
    /// The most frames a second the page is asked for.
    public var maxFps: Int
    /// Origins besides the url's own the page may load from or navigate to.
    public var allow: [String]

    public init(url: String, maxFps: Int = 30, allow: [String] = []) {
        self.url = url
        self.maxFps = maxFps
        self.allow = allow
    }
}

/// The original design's background effect: blur radius in pixels and a tint laid over the blur.
public struct BlurStyle: Hashable, Sendable {
    public var radius: Double
    public var tint: Color

    public init(radius: Double = 24, tint: Color = Color(red: 1, green: 1, blue: 1, alpha: 0.3)) {
        self.radius = radius
        self.tint = tint
    }
}
