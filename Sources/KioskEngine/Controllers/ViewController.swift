/// A screen's controller: owns a view, joins a parent through containment and hears appearance
/// callbacks, in UIKit's order. Subclass it and override the callbacks to react to them.
open class ViewController {
    public let view: View
    public private(set) weak var parent: ViewController?
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

    open func willMove(toParent parent: ViewController?) {}
    open func didMove(toParent parent: ViewController?) {}

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
}
