/// `[power] blank-method`: how the panel goes dark.
public enum BlankMethod: String, CaseIterable, Hashable, Sendable {
    /// DPMS when the display has it, else the backlight off, else a black frame.
    case auto
    /// The display's power saving (DRM connector DPMS, fbdev blanking).
    case dpms
    /// The backlight off (`bl_power`, brightness 0): for panels that ignore DPMS.
    case backlight
    /// A black frame, for panels with neither.
    case black
}
