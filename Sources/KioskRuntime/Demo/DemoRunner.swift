import Foundation
import KioskCamera
import KioskCompositor
import KioskConfig
import KioskEngine
import KioskTouch

/// `swipe-kiosk demo`: the built-in demo config (or `--config`'s) through the whole pipeline headless — the
/// pattern feed, the engine on a virtual 60 Hz vsync, the built-in swipe trace, the compositor —
/// writing every frame as PNG, an animated preview and a contact sheet.
public struct DemoRunner {
    public var outputDirectory: String
    public var configuration: KioskConfiguration

    public init(outputDirectory: String, configuration: KioskConfiguration = DemoConfiguration.configuration) {
        self.outputDirectory = outputDirectory
        self.configuration = configuration
    }

    /// The geometry its frames are composed at: the config's, as every command has it.
    public var geometry: SceneGeometry { SceneRoot(configuration: configuration).geometry }

    public func run() throws -> DemoReport {
        let started = MonotonicClock.now()
        let recorder = try FrameRecorder(outputDirectory: outputDirectory)
        let root = SceneRoot(configuration: configuration)
        let compositor = root.makeCompositor()
        let background = try root.makeTimedBackground()
        let panel = root.geometry.panelSize
        let trace = DemoSwipeTrace(width: panel.width, height: panel.height, rotation: root.geometry.rotation)
        let recording = try EvemuParser.parse(trace.evemuText, file: "built-in demo trace")
        let eventsPath = (outputDirectory as NSString).appendingPathComponent("events.jsonl")
        let simulator = try Simulator(configuration: configuration, recording: recording,
                                      eventsLog: try EventsLog(path: eventsPath))

        // Each video element's first frame; one that cannot be played shows nothing, as a picture.
        let videos = VideoStills(scene: simulator.scene).frames
        var composeSeconds = 0.0
        var writeError: Error?
        // The camera moves in every frame, so the demo draws the idle stretches between strokes too.
        simulator.skipsIdleTime = false
        simulator.frameObserver = { frame in
            guard writeError == nil else { return }
            let composeStart = MonotonicClock.now()
            _ = compositor.render(root: simulator.scene.rootView, background: background?.frame(at: frame.tick.timestamp),
                                  videos: videos)
            composeSeconds += MonotonicClock.now() - composeStart
            do {
                try recorder.record(compositor.output)
            } catch {
                writeError = error
            }
        }
        let summary = simulator.run()
        if let writeError { throw writeError }
        try recorder.finish(refreshRate: configuration.display.refreshRate)
        return DemoReport(outputDirectory: outputDirectory, framesDirectory: recorder.framesDirectory,
                          frameCount: recorder.frameCount, sheetPath: recorder.sheetPath, previewPath: recorder.previewPath,
                          eventsPath: eventsPath, simulation: summary,
                          composeMilliseconds: composeSeconds * 1000 / Double(max(recorder.frameCount, 1)),
                          totalSeconds: MonotonicClock.now() - started)
    }
}

/// Where the demo wrote its pictures and how long it took.
public struct DemoReport {
    public var outputDirectory: String
    public var framesDirectory: String
    public var frameCount: Int
    public var sheetPath: String
    public var previewPath: String?
    public var eventsPath: String
    public var simulation: SimulationSummary
    /// Mean time to compose one frame.
    public var composeMilliseconds: Double
    public var totalSeconds: Double

    public var lines: [String] {
        var lines = ["demo: \(frameCount) frames in \(framesDirectory)/"]
        if let previewPath { lines.append("  preview:        \(previewPath)") }
        lines += ["  contact sheet:  \(sheetPath)", "  events log:     \(eventsPath)"]
        lines += simulation.lines.map { "  " + $0 }
        lines.append(String(format: "  composition %.2f ms a frame on average; %.1f s in all (PNG writing included)",
                            composeMilliseconds, totalSeconds))
        return lines
    }
}
