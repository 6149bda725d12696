import KioskEngine

/// One transition style's frame times in the bench.
public struct StyleTiming: Sendable, Equatable {
    public var style: TransitionStyle
    public var timing: BenchTiming

    public init(style: TransitionStyle, timing: BenchTiming) {
        self.style = style
        self.timing = timing
    }
}
