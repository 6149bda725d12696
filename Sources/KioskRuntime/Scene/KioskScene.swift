import KioskConfig
import KioskEngine

/// The running picture: the container with its screens, built from a configuration.
///
/// Owns what the configuration adds around the engine's container (the tab bar), and keeps it
/// in step with the selection.
public final class KioskScene {
    public let container: ContainerController
    public let screenNames: [String]
    public let homeIndex: Int
    let tabBar: TabBarView?

    init(container: ContainerController, screenNames: [String], homeIndex: Int, tabBar: TabBarView?) {
        self.container = container
        self.screenNames = screenNames
        self.homeIndex = homeIndex
        self.tabBar = tabBar
    }

    /// The root view the compositor draws.
    public var rootView: View { container.view }

    /// The name of the screen on top.
    public var currentScreen: String { screenNames[container.selectedIndex] }

    /// Builds the scene that takes this one's place for a new configuration (a daemon reload, a
    /// preview save): a running transition first ends through its normal path, and the new scene
    /// starts on the screen that left on show, where it still has one.
    func rebuild(frameClock: any FrameClock, from makeBuilder: () -> SceneBuilder) throws -> KioskScene {
        container.settle()
        return try makeBuilder().build(frameClock: frameClock, initialScreen: currentScreen)
    }

    /// Highlights the tab of the screen on top; the daemon calls it when a transition ends.
    public func selectionDidChange() {
        tabBar?.highlight(screenIndex: container.selectedIndex)
    }

    /// Starts the transition to the screen `offset` places along, as the arrow keys of a desktop
    /// window do; false when there is no such screen or a transition is under way.
    @discardableResult
    public func selectScreen(offsetBy offset: Int) -> Bool {
        container.select(index: container.selectedIndex + offset, animated: true)
    }

    /// The index of the screen called `name`, if this scene has one.
    public func index(ofScreen name: String) -> Int? {
        screenNames.firstIndex(of: name)
    }
}
