import Foundation

/// Scrolls a view vertically under a finger and lets it coast after release, slowing down as
/// UIKit's normal deceleration does, clamped to the view's content.
public final class VerticalScrollDriver {
    /// Share of velocity kept per millisecond while coasting.
    public var decelerationRate: Double
    /// Below this speed (pixels per second) coasting stops.
    public var stopSpeed: Double
    /// The view being dragged or coasting.
    public private(set) var scrollView: View?
    /// Coasting speed of the content in pixels per second (positive scrolls down the content).
    public private(set) var velocity = 0.0
    private let frameClock: any FrameClock
    private var dragStartOffset = 0.0
    private var link: DisplayLink?
    private var lastTimestamp: Double?

    public init(frameClock: any FrameClock, decelerationRate: Double = 0.998, stopSpeed: Double = 10) {
        self.frameClock = frameClock
        self.decelerationRate = decelerationRate
        self.stopSpeed = stopSpeed
    }

    deinit {
        // A driver dropped with its scene must not keep the clock ticking.
        link?.invalidate()
    }

    public var isDecelerating: Bool { link != nil }

    /// The largest scroll offset of `view`: its content height less its own.
    public static func maxOffset(of view: View) -> Double {
        max((view.scrollContentHeight ?? 0) - view.frame.height, 0)
    }

    /// The scrolling view at or above `view`, if any.
    public static func scrollView(containing view: View?) -> View? {
        var node = view
        while let current = node {
            if current.scrollContentHeight != nil { return current }
            node = current.superview
        }
        return nil
    }

    /// A finger takes hold of `view` (stopping any coasting).
    public func beginDrag(_ view: View) {
        stopDecelerating()
        scrollView = view
        dragStartOffset = view.boundsOrigin.y
    }

    /// `translationY` is the finger's travel since it took hold; moving up scrolls the content up.
    public func drag(translationY: Double) {
        guard let view = scrollView else { return }
        view.boundsOrigin.y = clamp(dragStartOffset - translationY, in: view)
    }

    /// The finger lifts moving at `velocityY` pixels per second; the content coasts on.
    public func release(velocityY: Double) {
        guard scrollView != nil else { return }
        velocity = -velocityY
        guard abs(velocity) > stopSpeed else { return finishCoasting() }
        lastTimestamp = nil
        link = frameClock.addDisplayLink { [weak self] tick in self?.coast(tick) }
    }

    public func stopDecelerating() {
        link?.invalidate()
        link = nil
        velocity = 0
    }

    private func coast(_ tick: FrameTick) {
        guard let view = scrollView else { return finishCoasting() }
        let dt = lastTimestamp.map { tick.timestamp - $0 } ?? tick.duration
        lastTimestamp = tick.timestamp
        let wanted = view.boundsOrigin.y + velocity * dt
        let offset = clamp(wanted, in: view)
        view.boundsOrigin.y = offset
        velocity *= pow(decelerationRate, dt * 1000)
        if offset != wanted || abs(velocity) < stopSpeed { finishCoasting() }
    }

    private func finishCoasting() {
        stopDecelerating()
        scrollView = nil
    }

    private func clamp(_ offset: Double, in view: View) -> Double {
        min(max(offset, 0), Self.maxOffset(of: view))
    }
}
