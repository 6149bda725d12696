/// The plane planner's answer for one frame.
public enum PlanePlan: Equatable, Sendable {
    /// Layouts to try in order (each with a TEST_ONLY commit); the first the driver accepts is used,
    /// and if it accepts none the frame is composed.
    case planes([PlaneLayout])
    /// The frame is composed on the CPU into one buffer, for this reason.
    case compose(ComposeReason)

    /// Why a frame is composed on the CPU rather than scanned out from planes; the log names it.
    public enum ComposeReason: Equatable, Sendable, CustomStringConvertible {
        case planesOff
        case noAtomic
        case noFeed
        case feedCovered
        case transitionRunning
        case panelDark
        case rotated
        /// No pair of planes on the CRTC fits; the text says what is missing.
        case noPlanes(String)
        /// Every layout was refused by a TEST_ONLY commit; the text is the last refusal.
        case refused(String)

        public var description: String {
            switch self {
            case .planesOff: "[display] planes = \"off\""
            case .noAtomic: "the driver has no atomic modesetting"
            case .noFeed: "the screen does not show the camera"
            case .feedCovered: "a blur or tint covers the camera"
            case .transitionRunning: "a transition is running"
            case .panelDark: "the panel is dark"
            case .rotated: "the display is rotated ([display] rotation)"
            case .noPlanes(let detail): detail
            case .refused(let detail): "the driver refused every plane layout: \(detail)"
            }
        }
    }
}
