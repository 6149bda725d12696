/// A running source of one value's text (a clock, a file, a command); it stops when released.
protocol ValueFeed: AnyObject {
    /// The wall clock was set (NTP, `date -s`): a feed that shows the time recomputes it now.
    func wallClockWasSet()
}

extension ValueFeed {
    func wallClockWasSet() {}
}
