/// The Snapchat-style navigation container: screens side by side over a shared background,
/// switched by interactive swipes or by tab buttons, one transition at a time.
///
/// Its view, back to front: the background controller's view, a blur/tint effect view whose alpha
/// follows the transition, the content container holding the top screen, and the page indicator
/// (a dot per screen), whose dots' colours track the selection. It is driven only by `handle(_:)` and by ticks
/// of the frame clock it was given.
public final class ContainerController: ViewController {
    /// Hears every transition's begin and end (the daemon's events log).
    public weak var delegate: (any ContainerControllerDelegate)?
    /// Receives messages about refused or ignored requests, for the daemon's log.
    public var onDiagnostic: ((String) -> Void)?

    /// The options it was made with; fixed for its lifetime.
    public let options: TransitionOptions
    /// Holds the background controller's view, at the back.
    public let backgroundContainer: View
    /// The blurred, tinted background feed; its alpha follows the transition toward a screen
    /// that `prefersBackgroundBlur`.
    public let blurView: View
    /// Holds the top screen's view, and both screens' views during a transition.
    public let contentContainer: View
    /// The page indicator, in front of everything, framing its dots (one subview per screen); it
    /// never takes touches.
    public let indicatorView: View
    /// The dots' size, places and colours.
    public var indicatorStyle = PageIndicatorStyle() { didSet { layoutChrome(forScreenAt: selectedIndex) } }

    /// The controller behind the screens, set by `setBackground(_:)`.
    public private(set) var backgroundController: ViewController?
    /// The screens in swipe order: a leftward swipe goes to the next index.
    public private(set) var screens: [ViewController] = []
    /// The index of the screen on top; changes when a transition completes.
    public private(set) var selectedIndex = 0
    /// The screen on top, a child of this controller.
    public var topViewController: ViewController? { screens.indices.contains(selectedIndex) ? screens[selectedIndex] : nil }

    /// Runs the style's animation for swipes and tab selections alike.
    public let transitionAnimator: TransitionAnimator
    /// Scrubs the running transition under the finger and completes it after release.
    public let interactiveTransition: PercentDrivenInteractiveTransition
    /// Turns `handle(_:)`'s touches into pans and taps.
    public let panRecognizer: PanRecognizer
    /// Vertical pans over a view with `scrollContentHeight` scroll it (sideways styles only).
    public let scrollDriver: VerticalScrollDriver
    private var isScrolling = false
    /// The view a finger is pressing now (an on-screen button), until the press ends.
    private weak var pressedView: View?
    private let chromedAnimation: ChromedTransitionAnimation
    private var inFlight: InFlightTransition?
    /// Progress the finger's translation adds to (non-zero after catching a running transition).
    private var gestureBaseProgress = 0.0

    private struct InFlightTransition {
        let from: Int
        let to: Int
        let forward: Bool
        let context: TransitionContext
    }

    /// A container filling `size`, animating on `frameClock`'s ticks. Validate `options` first
    /// (`TransitionOptions.problems`).
    public init(size: Size, frameClock: any FrameClock, options: TransitionOptions = TransitionOptions()) {
        self.options = options
        let bounds = Rect(origin: .zero, size: size)
        backgroundContainer = View(name: "background", frame: bounds)
        blurView = View(name: "background-blur", frame: bounds)
        blurView.content = .blurredBackgroundFeed(BlurStyle())
        blurView.alpha = 0
        blurView.isUserInteractionEnabled = false
        contentContainer = View(name: "content", frame: bounds)
        indicatorView = View(name: "swipe-indicator")
        indicatorView.isUserInteractionEnabled = false
        chromedAnimation = ChromedTransitionAnimation(style: options.style.makeAnimation())
        transitionAnimator = TransitionAnimator(animation: chromedAnimation, frameClock: frameClock,
                                                        duration: options.duration, curve: options.curve)
        interactiveTransition = PercentDrivenInteractiveTransition(animator: transitionAnimator)
        panRecognizer = PanRecognizer(touchSlop: options.touchSlop, tapMaxDuration: options.tapMaxDuration)
        scrollDriver = VerticalScrollDriver(frameClock: frameClock)
        super.init(view: View(name: "container", frame: bounds))
        for layer in [backgroundContainer, blurView, contentContainer, indicatorView] { view.addSubview(layer) }
        interactiveTransition.completionCurve = options.completionCurve
        // Options come validated (`TransitionOptions.problems`); a bad speed keeps the default of 1.
        try? interactiveTransition.setCompletionSpeed(options.completionSpeed)
        wireRecognizer()
        layoutChrome(forScreenAt: 0)
    }

    /// The style's animation object (a `PanelAnimation`, a `ZoomAnimation`, ...), for inspection.
    public var styleAnimation: any TransitionAnimation { chromedAnimation.style }

    /// The running transition's progress toward its target screen; nil when none is in flight.
    public var transitionProgress: Double? { inFlight == nil ? nil : interactiveTransition.percentComplete }
    /// The screen the running transition leaves; nil when none is in flight.
    public var transitionFromIndex: Int? { inFlight?.from }
    /// The screen the running transition goes to; nil when none is in flight.
    public var transitionToIndex: Int? { inFlight?.to }
    /// True from a transition's begin to its end (including the tick its cleanup waits for).
    public var isTransitioning: Bool { inFlight != nil }

    // MARK: - Content

    /// Puts `controller` behind the screens, replacing the previous background.
    public func setBackground(_ controller: ViewController) {
        if let old = backgroundController {
            old.viewWillDisappear(false)
            detach(old)
            old.viewDidDisappear(false)
        }
        backgroundController = controller
        controller.viewWillAppear(false)
        attach(controller, in: backgroundContainer, frame: backgroundContainer.bounds)
        controller.viewDidAppear(false)
    }

    /// Replaces the screens and shows `home` at once, without animation.
    public func setScreens(_ newScreens: [ViewController], home: Int = 0) throws {
        guard !newScreens.isEmpty else { throw ContainerError.noScreens }
        guard newScreens.indices.contains(home) else { throw ContainerError.homeOutOfRange(home: home, screenCount: newScreens.count) }
        guard transitionUnderWay == nil else { throw ContainerError.transitionInFlight }
        if let top = topViewController {
            top.viewWillDisappear(false)
            detach(top)
            top.viewDidDisappear(false)
        }
        clearContent()
        screens = newScreens
        selectedIndex = home
        let screen = newScreens[home]
        screen.viewWillAppear(false)
        attach(screen, in: contentContainer, frame: contentContainer.bounds)
        screen.viewDidAppear(false)
        layoutChrome(forScreenAt: home)
    }

    /// Goes to screen `index` (a tab button) through the same animator as a swipe. Refused (false)
    /// while a transition or a pan is under way, for the current screen, or for a missing one.
    @discardableResult
    public func select(index: Int, animated: Bool) -> Bool {
        guard transitionUnderWay == nil, panRecognizer.state != .tracking else {
            onDiagnostic?("selection of screen \(index) refused: a transition is under way")
            return false
        }
        guard screens.indices.contains(index), index != selectedIndex else { return false }
        if animated {
            beginTransition(to: index, interactive: false)
            return true
        }
        let from = selectedIndex, outgoing = screens[from], incoming = screens[index]
        delegate?.transitionDidBegin(from: from, to: index, interactive: false)
        outgoing.viewWillDisappear(false)
        incoming.viewWillAppear(false)
        detach(outgoing)
        clearContent()
        attach(incoming, in: contentContainer, frame: contentContainer.bounds)
        selectedIndex = index
        layoutChrome(forScreenAt: index)
        outgoing.viewDidDisappear(false)
        incoming.viewDidAppear(false)
        delegate?.transitionDidEnd(from: from, to: index, completed: true)
        return true
    }

    /// Brings everything that moves to rest at once, for a container about to be replaced (a
    /// reload, a shutdown): coasting content stops, and a running transition ends through its
    /// normal path (appearance callbacks, the delegate's `transitionDidEnd`): completed when it was
    /// running on toward its target, cancelled when a finger held it or it was running back.
    /// Afterwards no display link of this container wants ticks.
    public func settle() {
        scrollDriver.stopDecelerating()
        isScrolling = false
        guard let transition = transitionUnderWay,
              let animator = transitionAnimator.interruptibleAnimator(using: transition.context) else { return }
        transitionAnimator.end(completing: interactiveTransition.phase == .completing && !animator.isReversed)
    }

    /// Feeds one touch to the pan recogniser (swipes, catching a running transition, taps). A
    /// finger landing asks `transitionUnderWay` first (`catchRunningTransition`), before any press.
    public func handle(_ touch: TouchEvent) {
        panRecognizer.handle(touch)
    }

    /// The transition in flight. The one place a transition whose animation ended on the last tick
    /// is completed before its cleanup's own tick: every request (new screens, a selection, a finger
    /// landing, settling) asks this before acting, so none meets a transition that has already ended.
    private var transitionUnderWay: InFlightTransition? {
        transitionAnimator.completePendingTransition()
        return inFlight
    }

    // MARK: - Containment

    private func attach(_ child: ViewController, in container: View, frame: Rect) {
        addChild(child)
        container.addSubview(child.view)
        child.view.frame = frame
        child.didMove(toParent: self)
    }

    private func detach(_ child: ViewController, keepingView: Bool = false) {
        child.willMove(toParent: nil)
        if !keepingView { child.view.removeFromSuperview() }
        child.removeFromParent()
    }

    /// Drops views left in the content container (a panel's presenter, its dimming view).
    private func clearContent() {
        for leftover in contentContainer.subviews { leftover.removeFromSuperview() }
    }

    // MARK: - Transitions

    private func beginTransition(to target: Int, interactive: Bool) {
        let from = selectedIndex
        let outgoing = screens[from], incoming = screens[target]
        let forward = target > from
        let frames = chromedAnimation.frames(in: contentContainer.bounds, forward: forward)
        let context = TransitionContext(from: outgoing, to: incoming, containerView: contentContainer,
                                        isForward: forward, isInteractive: interactive, frames: frames)
        context.onDiagnostic = { [weak self] message in self?.onDiagnostic?(message) }
        context.completion = { [weak self, unowned context] completed in
            self?.transitionEnded(context: context, completed: completed)
        }
        inFlight = InFlightTransition(from: from, to: target, forward: forward, context: context)
        gestureBaseProgress = 0
        chromedAnimation.chromeAnimation = { [weak self] in self?.layoutChrome(forScreenAt: target) }
        delegate?.transitionDidBegin(from: from, to: target, interactive: interactive)
        outgoing.viewWillDisappear(true)
        incoming.viewWillAppear(true)
        if interactive {
            interactiveTransition.startInteractiveTransition(context)
        } else {
            interactiveTransition.startAnimatedTransition(context)
        }
    }

    private func transitionEnded(context: TransitionContext, completed: Bool) {
        guard let transition = inFlight, transition.context === context else { return }
        let outgoing = context.fromViewController, incoming = context.toViewController
        if completed {
            detach(outgoing, keepingView: transition.forward
                && chromedAnimation.presenterStaysVisible(forward: true, completed: true))
            attach(incoming, in: contentContainer, frame: context.finalFrame(for: incoming))
            selectedIndex = transition.to
            outgoing.viewDidDisappear(true)
            incoming.viewDidAppear(true)
        } else {
            incoming.viewWillDisappear(true)
            incoming.viewDidDisappear(true)
            outgoing.viewWillAppear(true)
            outgoing.viewDidAppear(true)
        }
        inFlight = nil
        delegate?.transitionDidEnd(from: transition.from, to: transition.to, completed: completed)
    }

    /// Blur alpha and the indicator's dots for screen `index` on top. Run inside a transition's
    /// animation, the old screen's dot fades to inactive and the new one's to active with its progress.
    private func layoutChrome(forScreenAt index: Int) {
        layoutIndicatorDots()
        for (dot, dotView) in indicatorView.subviews.enumerated() {
            let active = dot == index ? 1.0 : 0.0
            dotView.subviews[0].alpha = 1 - active
            dotView.subviews[1].alpha = active
        }
        blurView.alpha = screens.indices.contains(index) && screens[index].prefersBackgroundBlur ? 1 : 0
    }

    /// A dot per screen (one before any is set), placed by the style; the indicator view frames them.
    /// Each dot is two discs, its inactive colour under its active one, that trade alphas: the colours
    /// stay put, so a swipe redraws no surface, only blends them (`indicatorDotLayers`).
    private func layoutIndicatorDots() {
        let frames = indicatorStyle.dotFrames(count: max(screens.count, 1), in: view.bounds)
        while indicatorView.subviews.count > frames.count { indicatorView.subviews.last?.removeFromSuperview() }
        while indicatorView.subviews.count < frames.count {
            let dot = View(name: "indicator-dot-\(indicatorView.subviews.count + 1)")
            for layer in ["inactive", "active"] {
                let disc = View(name: layer)
                disc.isUserInteractionEnabled = false
                dot.addSubview(disc)
            }
            dot.isUserInteractionEnabled = false
            indicatorView.addSubview(dot)
        }
        let box = frames.dropFirst().reduce(frames[0]) { $0.union($1) }
        indicatorView.frame = box
        for (index, (dotView, frame)) in zip(indicatorView.subviews, frames).enumerated() {
            dotView.frame = Rect(x: frame.minX - box.minX, y: frame.minY - box.minY, width: frame.width, height: frame.height)
            for (disc, colour) in zip(dotView.subviews, [indicatorStyle.inactiveColor, indicatorStyle.activeColor(ofDot: index)]) {
                disc.frame = Rect(origin: .zero, size: frame.size)
                disc.cornerRadius = frame.width / 2
                disc.backgroundColor = colour
            }
        }
    }

    /// Each indicator dot's two discs, inactive then active, whose alphas show which screen is up
    /// (1 and 0 for the others, 0 and 1 for the current one, between during a transition).
    public var indicatorDotLayers: [(inactive: View, active: View)] {
        indicatorView.subviews.map { ($0.subviews[0], $0.subviews[1]) }
    }

    // MARK: - Gestures

    private func wireRecognizer() {
        panRecognizer.shouldTrackImmediately = { [weak self] _ in
            guard let self else { return false }
            // A finger on coasting content stops it, as on a phone.
            self.scrollDriver.stopDecelerating()
            self.isScrolling = false
            return self.catchRunningTransition()
        }
        panRecognizer.shouldBegin = { [weak self] axis, translation in
            guard let self else { return false }
            return self.beginInteractiveTransition(axis: axis, translation: translation) || self.beginScroll(axis: axis)
        }
        panRecognizer.onChanged = { [weak self] translation in
            guard let self else { return }
            if self.isScrolling { self.scrollDriver.drag(translationY: translation.y) } else { self.followFinger(translation) }
        }
        panRecognizer.onEnded = { [weak self] translation, velocity in
            guard let self else { return }
            if self.isScrolling {
                self.isScrolling = false
                self.scrollDriver.drag(translationY: translation.y)
                self.scrollDriver.release(velocityY: velocity.y)
            } else {
                self.release(translation: translation, velocity: velocity)
            }
        }
        panRecognizer.onCancelled = { [weak self] _ in
            guard let self else { return }
            if self.isScrolling { self.isScrolling = false } else { self.interactiveTransition.cancel() }
        }
        panRecognizer.onTap = { [weak self] location in self?.tap(at: location) }
        panRecognizer.onPressBegan = { [weak self] location in self?.pressBegan(at: location) }
        panRecognizer.onPressEnded = { [weak self] seconds in self?.pressEnded(heldFor: seconds) }
    }

    /// The view with `onPress` under the finger shows it is pressed until the press ends.
    private func pressBegan(at location: Point) {
        var node = view.hitTest(location)
        while let current = node, current.onPress == nil { node = current.superview }
        guard let pressed = node else { return }
        pressedView = pressed
        pressed.onPressChanged?(true)
    }

    private func pressEnded(heldFor seconds: Double?) {
        guard let pressed = pressedView else { return }
        pressedView = nil
        pressed.onPressChanged?(false)
        if let seconds { pressed.onPress?(seconds) }
    }

    /// A finger landing on a completing transition takes it over where it stands.
    private func catchRunningTransition() -> Bool {
        guard transitionUnderWay != nil, interactiveTransition.phase == .completing else { return false }
        interactiveTransition.pause()
        gestureBaseProgress = interactiveTransition.percentComplete
        return true
    }

    private func beginInteractiveTransition(axis: PanAxis, translation: Point) -> Bool {
        guard transitionUnderWay == nil, axis == options.style.axis else { return false }
        let along = axis == .horizontal ? translation.x : translation.y
        // Moving the finger left (or up) goes to the next screen.
        let forward = along < 0
        let target = selectedIndex + (forward ? 1 : -1)
        guard screens.indices.contains(target), startsInSwipeArea(axis: axis, forward: forward) else { return false }
        beginTransition(to: target, interactive: true)
        return true
    }

    private func beginScroll(axis: PanAxis) -> Bool {
        guard axis == .vertical, options.style.axis == .horizontal, transitionUnderWay == nil,
              let scrollView = VerticalScrollDriver.scrollView(containing: view.hitTest(panRecognizer.startLocation))
        else { return false }
        scrollDriver.beginDrag(scrollView)
        isScrolling = true
        return true
    }

    private func startsInSwipeArea(axis: PanAxis, forward: Bool) -> Bool {
        guard options.swipeArea == .edge else { return true }
        let start = panRecognizer.startLocation, bounds = view.bounds
        switch axis {
        case .horizontal:
            return forward ? start.x >= bounds.maxX - options.edgeWidth : start.x <= bounds.minX + options.edgeWidth
        case .vertical:
            // Only raising a panel needs the edge; a panel is dismissed by dragging it anywhere.
            return !forward || start.y >= bounds.maxY - options.edgeWidth
        }
    }

    /// Pixels of finger travel for the whole transition: the width, or a panel's height.
    private var gestureExtent: Double {
        if let panel = chromedAnimation.style as? PanelAnimation { return max(panel.panelHeight(in: contentContainer.bounds), 1) }
        return max(contentContainer.bounds.width, 1)
    }

    /// Finger travel toward the target screen along the style's axis.
    private func towardTarget(_ vector: Point, forward: Bool) -> Double {
        let along = options.style.axis == .horizontal ? vector.x : vector.y
        return forward ? -along : along
    }

    private func followFinger(_ translation: Point) {
        guard let transition = inFlight else { return }
        let progress = gestureBaseProgress + towardTarget(translation, forward: transition.forward) / gestureExtent
        interactiveTransition.update(progress)
    }

    private func release(translation: Point, velocity: Point) {
        guard let transition = inFlight, interactiveTransition.phase == .interactive else { return }
        followFinger(translation)
        let speed = towardTarget(velocity, forward: transition.forward)
        let finishes: Bool
        if speed < -options.finishVelocity {
            finishes = false  // a decisive flick back wins, even past half-way
        } else if speed > options.finishVelocity {
            finishes = true
        } else {
            finishes = interactiveTransition.percentComplete > options.finishProgress
        }
        if finishes {
            interactiveTransition.finish(velocity: max(speed, 0) / gestureExtent)
        } else {
            interactiveTransition.cancel(velocity: max(-speed, 0) / gestureExtent)
        }
    }

    private func tap(at location: Point) {
        var node = view.hitTest(location)
        while let current = node {
            // A pressable view answers through its press, never as a tap.
            if current.onPress != nil { return }
            if let action = current.onTap {
                action()
                return
            }
            node = current.superview
        }
    }
}
