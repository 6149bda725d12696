import Prometheus

/// The kiosk's counters and histograms, in a Prometheus registry of its own (no process-wide
/// bootstrap), rendered in the Prometheus text format. Each family is made through the registry
/// with its help text, so every family has a `# HELP` line (`promtool check metrics` wants one).
public final class KioskMetrics {
    /// The `style` label of a screen change made without animation (`GoTo` with animate false).
    public static let cutStyle = "none"

    private let registry = PrometheusCollectorRegistry()
    private let framesComposed: Counter
    private let compositionTime: DurationHistogram
    private let framesMissed: Counter
    private let touches: Counter
    private let cameraFrames: Counter
    private let cameraFaults: Counter
    private let uptime: Gauge
    /// The camera's own fault count when last looked at; it starts again with each new camera.
    private var cameraFaultsSeen = 0

    public init() {
        framesComposed = registry.makeCounter(name: "swipe_kiosk_frames_composed_total",
                                              help: "Frames composed and presented.")
        // Composition takes milliseconds: buckets around one 60 Hz frame.
        compositionTime = registry.makeDurationHistogram(
            name: "swipe_kiosk_composition_seconds",
            buckets: [.microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(8),
                      .milliseconds(16), .milliseconds(33), .milliseconds(66), .milliseconds(133)],
            help: "Time spent composing one frame, in seconds.")
        framesMissed = registry.makeCounter(name: "swipe_kiosk_frames_missed_vsync_total",
                                            help: "Frames whose composition took longer than one refresh period.")
        touches = registry.makeCounter(name: "swipe_kiosk_touches_total", help: "Touch contacts that reached the kiosk.")
        cameraFrames = registry.makeCounter(name: "swipe_kiosk_camera_frames_total",
                                            help: "Background camera frames received.")
        cameraFaults = registry.makeCounter(name: "swipe_kiosk_camera_faults_total",
                                            help: "Camera faults (open, capture or decode failures).")
        uptime = registry.makeGauge(name: "swipe_kiosk_uptime_seconds", help: "Seconds since the daemon started.")
    }

    /// A frame was composed in `seconds`; longer than one refresh `period` means a vsync was missed.
    public func frameComposed(seconds: Double, period: Double) {
        framesComposed.increment()
        compositionTime.record(.nanoseconds(Int64(seconds * 1_000_000_000)))
        if seconds > period { framesMissed.increment() }
    }

    /// A frame reached `output` (every output, the first too): counted per output, with the
    /// frames whose composition took longer than its own refresh period.
    public func outputFrameComposed(output: String, seconds: Double, period: Double) {
        registry.makeCounter(name: "swipe_kiosk_output_frames_total", labels: [("output", output)],
                             help: "Frames composed and presented, per output.").increment()
        let missed = registry.makeCounter(name: "swipe_kiosk_output_frames_missed_vsync_total", labels: [("output", output)],
                                          help: "Frames whose composition took longer than the output's refresh period, per output.")
        // Shown at 0 from the first frame, so a dashboard sees every output.
        missed.increment(by: Int64(seconds > period ? 1 : 0))
    }

    public func touchesArrived(_ count: Int) {
        touches.increment(by: Int64(count))
    }

    public func cameraFrameArrived() {
        cameraFrames.increment()
    }

    /// Catches up with the camera feed's fault count (`total`, since that feed started).
    public func cameraFaults(total: Int) {
        if total < cameraFaultsSeen { cameraFaultsSeen = 0 }
        cameraFaults.increment(by: Int64(total - cameraFaultsSeen))
        cameraFaultsSeen = total
    }

    /// A transition ended: `style` is the config's name for it (`cutStyle` for a change without
    /// animation), `outcome` completed or cancelled.
    public func transitionEnded(style: String, completed: Bool) {
        registry.makeCounter(name: "swipe_kiosk_transitions_total",
                             labels: [("style", style), ("outcome", completed ? "completed" : "cancelled")],
                             help: "Screen transitions that ended, by style and outcome.").increment()
    }

    /// A config reload (SIGHUP or D-Bus) was applied, or rejected with errors.
    public func reloaded(accepted: Bool) {
        registry.makeCounter(name: "swipe_kiosk_config_reloads_total", labels: [("result", accepted ? "accepted" : "rejected")],
                             help: "Configuration reloads, accepted or rejected.").increment()
    }

    /// Everything recorded so far, in the Prometheus text format; `uptime` is in seconds.
    public func text(uptime seconds: Double) -> String {
        uptime.set(seconds)
        return registry.emitToString()
    }
}
