/// What sets one output apart from another: defaults, never a code path of its own. The first
/// output (the touch deck) takes the touch devices no `[[input.device]] output` maps elsewhere, the
/// camera behind its screens, the events log, and is switched dark by `[power] blank-method`; an
/// output beside it takes only the devices mapped to it and goes dark by DPMS with the panel.
struct OutputDefaults {
    /// Shows `[camera]` behind its screens; the others show the screens' own backgrounds (the feed
    /// is captured at the first output's size).
    var takesCamera: Bool
    /// Takes the touch devices no `[[input.device]] output` maps to another output.
    var takesUnmappedTouch: Bool
    /// Records its transitions in `--events-log`.
    var logsEvents: Bool
    /// Turns its own panel off while the panels are dark (DPMS); false where `[power] blank-method` does.
    var switchesPanelWhenDark: Bool
    /// The scene's pixels per panel pixel (a desktop window's scale).
    var scale: Double

    /// The first output's: touch, camera, events log, `[power]`.
    static func first(scale: Double) -> OutputDefaults {
        OutputDefaults(takesCamera: true, takesUnmappedTouch: true, logsEvents: true, switchesPanelWhenDark: false, scale: scale)
    }

    /// An output beside the first.
    static let beside = OutputDefaults(takesCamera: false, takesUnmappedTouch: false, logsEvents: false,
                                       switchesPanelWhenDark: true, scale: 1)
}
