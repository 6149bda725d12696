import Foundation

/// The time of day, for `[[power.schedule]]`: the date, the calendar (its time zone from TZ) and
/// word when the clock is stepped (NTP, `date -s`), so the schedule is decided again.
///
/// `SystemWallClock` is the real one; tests set the date and the time zone by hand.
public protocol WallClock: AnyObject {
    /// Now, by the wall clock (CLOCK_REALTIME).
    var date: Date { get }
    /// The local calendar the schedule's days and times are read in.
    var calendar: Calendar { get }
    /// Calls `changed` whenever the wall clock is set; at most one watcher.
    func watchTimeChanges(_ changed: @escaping () -> Void) throws
}
