import KioskConfig
import KioskEngine

/// Turns a configuration into a scene: options for the transitions, a controller per `[[screen]]`
/// with a view per element, the background feed, the blur, the indicator and the tab bar.
public struct SceneBuilder {
    public var configuration: KioskConfiguration
    /// The size the screens are laid out at: the display's, after its rotation.
    public var size: Size

    /// Where placeholders get their text: the daemon's live values, or each value's `initial`.
    public var values: ValueStore
    /// A `signal` or `exec` button was pressed on the named screen.
    public var onButtonAction: (_ screen: String, _ button: ButtonElement) -> Void = { _, _ in }
    /// Any button was pressed (before its action): its sound plays.
    public var onButtonPressed: (_ button: ButtonElement) -> Void = { _ in }
    /// Asked before each screen is built; true throws `StopRequested` (the daemon asks whether a
    /// SIGTERM waits, so a thousand screens never hold a stop back).
    public var shouldStop: () -> Bool = { false }

    public init(configuration: KioskConfiguration, size: Size, values: ValueStore? = nil) {
        self.configuration = configuration
        self.size = size
        self.values = values ?? ValueStore(configuration.values)
    }

    /// The engine's transition options from `[transition]`.
    public var transitionOptions: TransitionOptions {
        let transition = configuration.transition
        return TransitionOptions(
            style: transition.style,
            duration: transition.duration,
            curve: transition.curve.curve(springDamping: transition.springDamping),
            completionCurve: transition.curve == .spring ? transition.curve.curve(springDamping: transition.springDamping) : .linear,
            completionSpeed: transition.completionSpeed,
            finishProgress: transition.finishProgress,
            finishVelocity: transition.finishVelocity,
            swipeArea: transition.swipeArea,
            edgeWidth: Double(transition.edgeWidth))
    }

    /// Builds the scene on `frameClock`, starting on `initialScreen` when it names a screen
    /// (a reload keeps the screen on show), else on the configured home.
    public func build(frameClock: any FrameClock, initialScreen: String? = nil) throws -> KioskScene {
        let container = ContainerController(size: size, frameClock: frameClock, options: transitionOptions)
        let names = configuration.screens.map(\.name)

        let background = ViewController(name: "background")
        background.view.backgroundColor = .black
        if configuration.camera.source != .none {
            background.view.content = .backgroundFeed
        }
        container.setBackground(background)
        let blur = configuration.background
        container.blurView.content = .blurredBackgroundFeed(BlurStyle(radius: Double(blur.blurRadius), tint: blur.tint))

        let indicator = configuration.indicator
        container.indicatorView.isHidden = !indicator.enabled
        container.indicatorStyle = PageIndicatorStyle(dotSize: Double(indicator.size), spacing: Double(indicator.spacing),
                                                      margin: Double(indicator.margin), atTop: indicator.position == .top,
                                                      color: indicator.color, inactiveColor: indicator.inactiveColor,
                                                      screenColors: configuration.screens.map(\.indicatorColor))

        let screens = try configuration.screens.map { screen in
            if shouldStop() { throw StopRequested() }
            return makeScreen(screen) { [weak container] target in
                guard let container, let index = names.firstIndex(of: target) else { return }
                container.select(index: index, animated: true)
            }
        }
        let home = names.firstIndex(of: configuration.home) ?? 0
        let shown = initialScreen.flatMap { names.firstIndex(of: $0) } ?? home
        try container.setScreens(screens, home: shown)

        var tabBar: TabBarView?
        if configuration.tabs.enabled {
            let tabs = configuration.effectiveTabs.compactMap { tab in
                names.firstIndex(of: tab.screen).map { (title: tab.title ?? title(ofScreen: tab.screen), screenIndex: $0) }
            }
            let bar = TabBarView(configuration: configuration.tabs, tabs: tabs, size: size, values: values) { [weak container] index in
                container?.select(index: index, animated: true)
            }
            container.view.addSubview(bar.view)
            bar.highlight(screenIndex: shown)
            tabBar = bar
        }
        return KioskScene(container: container, screenNames: names, homeIndex: home, tabBar: tabBar)
    }

    private func title(ofScreen name: String) -> String {
        configuration.screens.first { $0.name == name }?.displayTitle ?? name
    }

    private func makeScreen(_ screen: ScreenConfiguration, goTo: @escaping (String) -> Void) -> ViewController {
        let factory = ElementViewFactory(values: values) { [onButtonAction, onButtonPressed] button in
            onButtonPressed(button)
            if case .screen(let target) = button.action { goTo(target) } else { onButtonAction(screen.name, button) }
        }
        let controller = ViewController(name: screen.name)
        if case let .color(color) = screen.background {
            controller.view.backgroundColor = color
        }
        // The original design blurs the camera behind a card: any see-through screen holding one.
        controller.prefersBackgroundBlur = !screenIsOpaque(screen) && screen.elements.contains {
            if case .card = $0.kind { return true }
            return false
        }
        for element in screen.elements {
            controller.view.addSubview(factory.makeView(for: element, in: size))
        }
        return controller
    }

    private func screenIsOpaque(_ screen: ScreenConfiguration) -> Bool {
        if case let .color(color) = screen.background { return color.isOpaque }
        return false
    }
}
