/// A display that is also a window someone uses: its input arrives while it handles its descriptors.
public protocol InteractiveDisplay: Display {
    /// Called from `handleReadable(_:)` with each input, in order.
    var onInput: ((WindowInput) -> Void)? { get set }
}
