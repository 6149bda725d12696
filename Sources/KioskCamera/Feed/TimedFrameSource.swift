import KioskEngine

/// A background picture that is a pure function of time, so it can run on a virtual clock.
///
/// `simulate`, `demo` and the daemon's timed background call `frame(at:)` on their loop, without
/// threads; a live feed's thread calls `render(at:into:)` to show its fallback in real time.
public protocol TimedFrameSource: AnyObject {
    /// What is shown, for the status line ("pattern", "slideshow of 4 images in /srv/pictures").
    var summary: String { get }

    /// The size of every frame, the display's.
    var size: (width: Int, height: Int) { get }

    /// Draws the picture for `time` (seconds from the feed's start) into `buffer`, of `size`.
    func render(at time: Double, into buffer: PixelBuffer)

    /// The earliest time after `time` at which the picture differs, or nil if it never will.
    func nextChange(after time: Double) -> Double?

    /// The picture for `time` in the one buffer the source reuses: it stays valid until the next call.
    /// Its `sequence` changes only when the picture does, so the compositor re-blurs only then.
    func frame(at time: Double) -> PixelBuffer
}
