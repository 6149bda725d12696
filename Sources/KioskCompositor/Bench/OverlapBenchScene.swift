import KioskEngine

/// The bench's `overlap` transition, built straight from views: the camera screen, the blurred
/// tinted background fading in with progress, a card screen sliding in from the right, and a
/// swipe indicator travelling along the bottom.
public final class OverlapBenchScene {
    public let root: View
    let blur: View
    let cardScreen: View
    let indicator: View
    private let width: Double
    private let height: Double

    public init(width: Int, height: Int) {
        self.width = Double(width)
        self.height = Double(height)
        let bounds = Rect(x: 0, y: 0, width: self.width, height: self.height)
        root = View(name: "root", frame: bounds)
        let camera = View(name: "camera screen", frame: bounds)
        camera.content = .backgroundFeed
        blur = View(name: "blur", frame: bounds)
        blur.content = .blurredBackgroundFeed(BlurStyle(radius: 24, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3)))
        cardScreen = View(name: "card screen", frame: bounds)
        let margin = (min(self.width, self.height) * 0.06).rounded()
        let card = View(name: "card", frame: bounds.insetBy(dx: margin, dy: margin))
        card.cornerRadius = (margin / 2).rounded()
        card.content = .linearGradient(LinearGradient(colors: [.white, Color(r: 109, g: 213, b: 250), Color(r: 41, g: 128, b: 185)]))
        let title = View(name: "title", frame: Rect(x: 0, y: margin, width: card.frame.width, height: margin * 1.5))
        title.content = .text(TextContent("Card", fontSize: margin, color: Color(r: 41, g: 128, b: 185), bold: true))
        card.addSubview(title)
        cardScreen.addSubview(card)
        let pill = (self.height / 60).rounded()
        indicator = View(name: "indicator", frame: Rect(x: 0, y: self.height - 3 * pill, width: 6 * pill, height: pill))
        indicator.backgroundColor = .white
        indicator.cornerRadius = pill / 2
        indicator.isUserInteractionEnabled = false
        root.addSubview(camera)
        root.addSubview(blur)
        root.addSubview(cardScreen)
        root.addSubview(indicator)
        progress = 0
    }

    /// 0: the camera screen alone; 1: the card screen in place over the full blur.
    public var progress: Double = 0 {
        didSet {
            blur.alpha = progress
            cardScreen.frame.origin.x = (width * (1 - progress)).rounded()
            indicator.frame.origin.x = ((width / 2 - indicator.frame.width) * (1 + progress)).rounded()
        }
    }
}
