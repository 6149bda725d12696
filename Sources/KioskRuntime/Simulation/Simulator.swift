import KioskConfig
import KioskEngine
import KioskTouch

/// Runs the whole engine headless on a virtual clock: recorded input at its recorded times
/// (t = 0 at the first event), a vsync every refresh period while anything moves (idle stretches
/// between inputs are skipped, as an idle panel's vsyncs are), until the input is exhausted and
/// every animation has settled. `simulate` and `demo` are this loop; `demo` also draws each frame.
public final class Simulator {
    /// What a frame observer is told at each vsync.
    public struct Frame {
        public var tick: FrameTick
        /// False when nothing visible changed since the previous vsync.
        public var changed: Bool
    }

    public let scene: KioskScene
    /// The geometry the scene is laid out at and touches are mapped onto, as every command has it.
    public let geometry: SceneGeometry
    public let clock: ManualFrameClock
    public let eventsLog: EventsLog
    /// Called after every vsync delivered, changed or not (the demo renders and saves each one).
    public var frameObserver: ((Frame) -> Void)?
    /// Go straight to the next input when nothing wants ticks; off, every vsync is delivered.
    public var skipsIdleTime = true
    private var decoder: TouchDecoder
    private let events: [RawInputEvent]
    private let transitionLog: TransitionLogger
    /// Virtual seconds a run may go on after its last input before it is declared stuck.
    private let settleLimit = 30.0
    /// Virtual seconds of vsyncs that change nothing, with input still to come, after which the run
    /// goes straight to the next input even mid-swipe: a finger held still for hours is skipped, not ticked through.
    private let stillLimit = 1.0

    public init(configuration: KioskConfiguration, recording: EvemuRecording, eventsLog: EventsLog) throws {
        guard let description = recording.description else {
            throw SimulationError.noDeviceDescription
        }
        let root = SceneRoot(configuration: configuration)
        geometry = root.geometry
        clock = ManualFrameClock(refreshInterval: 1 / configuration.display.refreshRate)
        scene = try root.buildScene(frameClock: clock)
        self.eventsLog = eventsLog
        decoder = try TouchDecoder(device: description, surface: geometry.touchSurface,
                                   calibration: configuration.input.calibration(forRecordingOf: description))
        // The recording's own clock is shifted so that its first event happens at t = 0.
        events = recording.replayEvents
        let clock = clock, scene = scene
        transitionLog = TransitionLogger(log: eventsLog, now: { clock.now }, onEnded: { scene.selectionDidChange() })
        scene.container.delegate = transitionLog
    }

    /// Plays the recording to the end and lets every animation settle.
    public func run() -> SimulationSummary {
        var next = 0
        var touches = 0
        var warnings: [String] = []
        var lastSignature = ViewTreeSignature.of(scene.rootView)
        let lastInput = events.last?.time ?? 0
        var lastChange = clock.now
        while true {
            let idle = !clock.wantsTicks && !scene.container.isTransitioning
            if skipsIdleTime, next < events.count, idle || clock.now - lastChange >= stillLimit {
                // Nothing moves until the next input: go straight to it instead of ticking through
                // the gap, which in a hostile recording may last a day.
                clock.advance(to: events[next].time)
                lastChange = clock.now
            }
            let vsync = clock.nextVsync
            while next < events.count, events[next].time < vsync {
                let event = events[next]
                clock.advance(to: event.time)
                let decoded = decoder.feed(event)
                if let warning = decoder.takeContactLimitWarning() { warnings.append(warning) }
                for touch in decoded {
                    if touch.phase == .began { touches += 1 }
                    eventsLog.touch(touch, t: touch.time * 1000)
                    scene.container.handle(touch)
                }
                next += 1
            }
            let tick = clock.tick()
            let signature = ViewTreeSignature.of(scene.rootView)
            let changed = signature != lastSignature
            lastSignature = signature
            if changed {
                lastChange = tick.timestamp
                eventsLog.frame(t: tick.timestamp * 1000, sequence: tick.sequence,
                                screen: scene.container.selectedIndex, progress: scene.container.transitionProgress)
            }
            frameObserver?(Frame(tick: tick, changed: changed))
            let settled = next == events.count && !clock.wantsTicks && !scene.container.isTransitioning
            if settled || clock.now > lastInput + settleLimit { break }
        }
        eventsLog.flush()
        return SimulationSummary(inputEvents: events.count, touches: touches, transitions: transitionLog.transitions,
                                 finalScreen: scene.container.selectedIndex, virtualDuration: clock.now,
                                 settled: !scene.container.isTransitioning, warnings: warnings)
    }
}

/// Why a recording cannot be simulated.
public enum SimulationError: Error, CustomStringConvertible {
    case noDeviceDescription

    public var description: String {
        "the recording has no device description; pass the device's .desc file with --device"
    }
}
