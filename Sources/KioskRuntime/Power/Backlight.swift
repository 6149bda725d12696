/// A panel backlight: its level and, where the driver has it, its power switch.
///
/// `SysfsBacklight` drives /sys/class/backlight/NAME; tests drive the same files in a temp folder.
public protocol Backlight: AnyObject {
    /// Where it lives, for log lines.
    var name: String { get }
    /// The level `setLevel` takes for full brightness.
    var maxLevel: Int { get }
    /// The level written last (or read at start).
    var level: Int { get }
    func setLevel(_ level: Int) throws(BacklightError)
    /// Switches the backlight on or off (`bl_power`); does nothing where the driver has no switch.
    func setPowered(_ powered: Bool) throws(BacklightError)
}

extension Backlight {
    /// The level for `fraction` (clamped to 0...1) of full brightness.
    func level(forFraction fraction: Double) -> Int {
        Int((min(max(fraction, 0), 1) * Double(maxLevel)).rounded())
    }
}
