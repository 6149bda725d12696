import Foundation

/// Seconds as a `timespec` for timerfd and clock calls, clamped so that no time can trap: Swift's
/// `Int(Double)` stops the process on NaN, infinity or anything past `Int.max` (a recording stamped
/// 1e19 s once did exactly that), and the kernel refuses what it cannot hold.
public enum TimerSpec {
    /// The longest delay or deadline kept, in seconds (about 31 years): any later is "never" for a kiosk.
    public static let maximumSeconds = 1e9

    /// `seconds` as a timespec: NaN and anything below `minimum` become `minimum`, anything past
    /// `maximumSeconds` (infinity included) becomes `maximumSeconds`.
    public static func timespec(seconds: Double, minimum: Double = 0) -> Foundation.timespec {
        let clamped = seconds.isNaN ? minimum : min(max(seconds, minimum), maximumSeconds)
        let whole = clamped.rounded(.down)
        let nanoseconds = min(((clamped - whole) * 1_000_000_000).rounded(.down), 999_999_999)
        return Foundation.timespec(tv_sec: Int(whole), tv_nsec: Int(nanoseconds))
    }
}
