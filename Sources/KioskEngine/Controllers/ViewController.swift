/// A screen's controller: owns a view, joins a parent through containment and hears appearance
/// callbacks, in UIKit's order. Subclass it and override the callbacks to react to them.
open class ViewController {
    /// The root of this controller's views; the container sizes and places it.
    public let view: View
    /// The container this controller is a child of.
    public private(set) weak var parent: ViewController?
    /// Child controllers in the order they were added.
    public private(set) var children: [ViewController] = []
    /// A container shows its blurred, tinted background behind this screen while it is on top.
    public var prefersBackgroundBlur = false

    public init(view: View) {
        self.view = view
    }

    public convenience init(name: String = "screen") {
        self.init(view: View(name: name))
    }

    /// Adds `child` (removing it from its old parent); calls `child.willMove(toParent: self)`.
    /// The caller adds the child's view and then calls `child.didMove(toParent: self)`.
    public func addChild(_ child: ViewController) {
        precondition(child !== self, "a controller cannot be its own child")
        if child.parent != nil { child.removeFromParent() }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Leaves the parent; calls `didMove(toParent: nil)`. The caller first calls
    /// `willMove(toParent: nil)` and removes the view.
    open func removeFromParent() {
        guard let current = parent else { return }
        current.children.removeAll { $0 === self }
        parent = nil
        didMove(toParent: nil)
    }

    /// Called before joining a parent (from `addChild`) or before leaving one (nil, by the container).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after joining a parent, once the view is in place, or after leaving one (nil).
    open func didMove(toParent parent: ViewController?) {}

    /// Called as the view starts coming on screen (a transition begins, or a cancelled one turns back).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called once the view is on screen.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called as the view starts leaving the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called once the view is off screen.
    open func viewDidDisappear(_ animated: Bool) {}
}
