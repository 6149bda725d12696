import CoreMetrics
import Prometheus

/// The kiosk's counters and histograms, recorded through swift-metrics into a Prometheus registry
/// of its own (no process-wide bootstrap), and rendered in the Prometheus text format.
public final class KioskMetrics {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let framesComposed: CoreMetrics.Counter
    private let compositionTime: CoreMetrics.Timer
    private let framesMissed: CoreMetrics.Counter
    private let touches: CoreMetrics.Counter
    private let cameraFrames: CoreMetrics.Counter
    private let cameraFaults: CoreMetrics.Counter
    private let uptime: CoreMetrics.Gauge
    /// The camera's own fault count when last looked at; it starts again with each new camera.
    private var cameraFaultsSeen = 0

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Composition takes milliseconds: buckets around one 60 Hz frame.
        factory.durationHistogramBuckets["swipe_kiosk_composition_seconds"] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(8),
            .milliseconds(16), .milliseconds(33), .milliseconds(66), .milliseconds(133),
        ]
        self.factory = factory
        framesComposed = CoreMetrics.Counter(label: "swipe_kiosk_frames_composed_total", factory: factory)
        compositionTime = CoreMetrics.Timer(label: "swipe_kiosk_composition_seconds", factory: factory)
        framesMissed = CoreMetrics.Counter(label: "swipe_kiosk_frames_missed_vsync_total", factory: factory)
        touches = CoreMetrics.Counter(label: "swipe_kiosk_touches_total", factory: factory)
        cameraFrames = CoreMetrics.Counter(label: "swipe_kiosk_camera_frames_total", factory: factory)
        cameraFaults = CoreMetrics.Counter(label: "swipe_kiosk_camera_faults_total", factory: factory)
        uptime = CoreMetrics.Gauge(label: "swipe_kiosk_uptime_seconds", factory: factory)
    }

    /// A frame was composed in `seconds`; longer than one refresh `period` means a vsync was missed.
    public func frameComposed(seconds: Double, period: Double) {
        framesComposed.increment()
        compositionTime.recordNanoseconds(Int64(seconds * 1_000_000_000))
        if seconds > period { framesMissed.increment() }
    }

    public func touchesArrived(_ count: Int) {
        touches.increment(by: count)
    }

    public func cameraFrameArrived() {
        cameraFrames.increment()
    }

    /// Catches up with the camera feed's fault count (`total`, since that feed started).
    public func cameraFaults(total: Int) {
        if total < cameraFaultsSeen { cameraFaultsSeen = 0 }
        cameraFaults.increment(by: total - cameraFaultsSeen)
        cameraFaultsSeen = total
    }

    /// A transition ended: `style` is the config's name for it, `outcome` completed or cancelled.
    public func transitionEnded(style: String, completed: Bool) {
        CoreMetrics.Counter(label: "swipe_kiosk_transitions_total",
                dimensions: [("style", style), ("outcome", completed ? "completed" : "cancelled")], factory: factory).increment()
    }

    /// A config reload (SIGHUP or D-Bus) was applied, or rejected with errors.
    public func reloaded(accepted: Bool) {
        CoreMetrics.Counter(label: "swipe_kiosk_config_reloads_total", dimensions: [("result", accepted ? "accepted" : "rejected")],
                factory: factory).increment()
    }

    /// Everything recorded so far, in the Prometheus text format; `uptime` is in seconds.
    public func text(uptime seconds: Double) -> String {
        uptime.record(seconds)
        return registry.emitToString()
    }
}
