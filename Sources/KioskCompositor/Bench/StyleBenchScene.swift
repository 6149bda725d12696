import KioskEngine

/// One transition style between two card screens over the camera, for the per-style bench: the
/// style's four steps run under a paused property animator, scrubbed as a finger would.
public final class StyleBenchScene {
    public let root: View
    private let animator: PropertyAnimator

    public init(style: TransitionStyle, width: Int, height: Int) {
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        root = View(name: "root", frame: bounds)
        let camera = View(name: "camera screen", frame: bounds)
        camera.content = .backgroundFeed
        root.addSubview(camera)
        let container = View(name: "container", frame: bounds)
        root.addSubview(container)
        let from = Self.cardScreen("from", bounds, colors: [.white, Color(r: 250, g: 200, b: 109), Color(r: 185, g: 90, b: 41)])
        let to = Self.cardScreen("to", bounds, colors: [.white, Color(r: 109, g: 213, b: 250), Color(r: 41, g: 128, b: 185)])
        container.addSubview(from)

        let animation = style.makeAnimation()
        let frames = animation.frames(in: bounds, forward: true)
        from.frame = frames.fromInitial
        animator = animation.makeAnimator(containerView: container, fromView: from, toView: to, toFrame: frames.toFinal, forward: true,
                                          duration: 1, curve: .linear, frameClock: ManualFrameClock(), root: root)
        animator.pauseAnimation()
    }

    /// 0: the outgoing screen in place; 1: the incoming one.
    public var progress: Double {
        get { animator.fractionComplete }
        set { animator.fractionComplete = newValue }
    }

    /// A transparent screen holding one rounded gradient card with a title, as OverlapBenchScene's.
    private static func cardScreen(_ name: String, _ bounds: Rect, colors: [Color]) -> View {
        let screen = View(name: name, frame: bounds)
        let margin = (min(bounds.width, bounds.height) * 0.06).rounded()
        let card = View(name: name + " card", frame: bounds.insetBy(dx: margin, dy: margin))
        card.cornerRadius = (margin / 2).rounded()
        card.content = .linearGradient(LinearGradient(colors: colors))
        let title = View(name: name + " title", frame: Rect(x: 0, y: margin, width: card.frame.width, height: margin * 1.5))
        title.content = .text(TextContent(name, fontSize: margin, color: colors[2], bold: true))
        card.addSubview(title)
        screen.addSubview(card)
        return screen
    }
}
