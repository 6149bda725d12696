/// A presented frame reaching the screen: the vblank it was scanned out from, and how many
/// presents it covers (frames replaced in the display's queue are shown by the one that replaced them).
public struct FrameShown: Equatable, Sendable {
    /// CLOCK_MONOTONIC seconds of the flip's vblank.
    public var time: Double
    /// The count of `present` calls with damage up to and including the frame now on screen.
    public var presentsCovered: Int

    public init(time: Double, presentsCovered: Int) {
        self.time = time
        self.presentsCovered = presentsCovered
    }
}
