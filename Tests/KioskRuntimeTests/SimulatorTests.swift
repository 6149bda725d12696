import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTouch
import XCTest

final class SimulatorTests: XCTestCase {
    private func simulate(_ recording: EvemuRecording, config: KioskConfiguration = DemoConfiguration.configuration)
        throws -> (SimulationSummary, [String]) {
        let log = try EventsLog(path: nil)
        let summary = try Simulator(configuration: config, recording: recording, eventsLog: log).run()
        return (summary, log.lines)
    }

    private func demoTrace() throws -> EvemuRecording {
        try EvemuParser.parse(DemoSwipeTrace().evemuText, file: "demo")
    }

    func testTheDemoTraceSwipesForwardTwiceCancelsAHesitantDragAndFlicksBack() throws {
        let (summary, _) = try simulate(try demoTrace())
        XCTAssertEqual(summary.transitions, [
            TransitionRecord(from: 0, to: 1, interactive: true, completed: true),
            TransitionRecord(from: 1, to: 2, interactive: true, completed: true),
            TransitionRecord(from: 2, to: 1, interactive: true, completed: false),
            TransitionRecord(from: 2, to: 1, interactive: true, completed: true),
        ])
        XCTAssertEqual(summary.finalScreen, 1)
        XCTAssertTrue(summary.settled)
    }

    func testFramesAreLoggedOnlyWhileSomethingChangesWithProgressOnlyInFlight() throws {
        let (_, lines) = try simulate(try demoTrace())
        let frames = lines.filter { $0.contains("\"type\":\"frame\"") }
        XCTAssertFalse(frames.isEmpty)
        // t = 0 is the first touch (0.30 s into the trace), so the second swipe lands at 1100 ms;
        // the first transition has settled long before: nothing moves, no frames.
        let quiet = frames.filter { line in
            guard let t = Self.number("t", in: line) else { return false }
            return t > 800 && t < 1090
        }
        XCTAssertEqual(quiet, [], "no frame lines while nothing changes")
        let inFlight = frames.filter { $0.contains("\"progress\"") }
        XCTAssertGreaterThan(inFlight.count, 10)
        for line in inFlight {
            let progress = try XCTUnwrap(Self.number("progress", in: line))
            XCTAssertTrue((0...1).contains(progress), line)
        }
        let sequences = frames.compactMap { Self.number("seq", in: $0) }
        XCTAssertEqual(sequences, sequences.sorted(), "vsync sequence numbers only grow")
    }

    func testEachTransitionIsLoggedOnceBeganThenOnceEnded() throws {
        let (_, lines) = try simulate(try demoTrace())
        let began = lines.filter { $0.contains("transition-began") }
        let ended = lines.filter { $0.contains("transition-ended") }
        XCTAssertEqual(began.count, 4)
        XCTAssertEqual(ended.count, 4)
        XCTAssertTrue(began[0].contains(#""from":0,"to":1,"interactive":true"#), began[0])
        XCTAssertTrue(ended[2].contains(#""from":2,"to":1,"completed":false"#), ended[2])
    }

    func testTouchesAreLoggedDownAndUpInDisplayPixels() throws {
        let (_, lines) = try simulate(try demoTrace())
        let downs = lines.filter { $0.contains("touch-down") }
        XCTAssertEqual(downs.count, 4)
        XCTAssertTrue(downs[0].hasPrefix(#"{"t":0.0,"type":"touch-down""#), downs[0])
        let x = try XCTUnwrap(Self.number("x", in: downs[0]))
        XCTAssertEqual(x, 0.82 * 1279, accuracy: 2)
    }

    func testANearlyDayLongGapBetweenSwipesIsSkippedNotTicked() throws {
        // Nearly: a recording may last at most a day (`EvemuParser.maximumTimeSpan`).
        let swipe = RotatedSwipeTests.recording(RotatedSwipeTests.Stroke(axis: .x, from: 0.8, to: 0.2))
        let dayLater = swipe.events.map { RawInputEvent(time: $0.time + 86_000, type: $0.type, code: $0.code, value: $0.value) }
        let recording = EvemuRecording(description: swipe.description, events: swipe.events + dayLater)
        let simulator = try Simulator(configuration: DemoConfiguration.configuration, recording: recording,
                                      eventsLog: try EventsLog(path: nil))
        var vsyncs = 0
        simulator.frameObserver = { _ in vsyncs += 1 }
        let summary = simulator.run()
        XCTAssertEqual(summary.transitions.map(\.to), [1, 2], "both swipes count")
        XCTAssertGreaterThan(summary.virtualDuration, 86_000)
        // Two swipes and their transitions take about 40 vsyncs each; the day between has 5 million.
        XCTAssertLessThan(vsyncs, 200)
    }

    // MARK: - Real panels' recordings (../shared/recordings; skipped where absent)

    private func sharedRecording(_ name: String) throws -> EvemuRecording {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/recordings").standardized
        let file = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else { throw XCTSkip("../shared/recordings is absent") }
        return try EvemuRecording.load(events: file)
    }

    func testEverySharedRecordingReplaysWithoutStartingATransitionOnScreen0() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/recordings").standardized
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw XCTSkip("../shared/recordings is absent")
        }
        let events = names.filter { $0.hasSuffix(".events") }.sorted()
        XCTAssertGreaterThan(events.count, 10)
        for name in events {
            let (summary, _) = try simulate(try sharedRecording(name))
            XCTAssertTrue(summary.settled, name)
            XCTAssertGreaterThan(summary.touches, 0, name)
            // Drags up and down, taps, and rightward swipes on the first screen: nothing to go to.
            XCTAssertEqual(summary.transitions, [], name)
            XCTAssertEqual(summary.finalScreen, 0, name)
        }
    }

    func testTheWacomTopSwipeGoesBackFromScreen1ToScreen0() throws {
        var config = DemoConfiguration.configuration
        config.home = config.screens[1].name
        let (summary, _) = try simulate(try sharedRecording("wacom-isdv4-e6-finger.single-top-swipe.events"), config: config)
        XCTAssertEqual(summary.transitions, [TransitionRecord(from: 1, to: 0, interactive: true, completed: true)])
        XCTAssertEqual(summary.finalScreen, 0)
    }

    func testTheNTrigDiagonalDragIsARightwardSwipeOnceMappedToPixels() throws {
        var config = DemoConfiguration.configuration
        config.home = config.screens[1].name
        let (summary, _) = try simulate(try sharedRecording("n-trig-multitouch.1-finger-drag-nw-se.events"), config: config)
        XCTAssertEqual(summary.transitions.map(\.to), [0])
    }

    private static func number(_ key: String, in line: String) -> Double? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return (object[key] as? NSNumber)?.doubleValue
    }
}

final class SceneBuilderTests: XCTestCase {
    func testTheIndicatorFollowsTheConfiguredEdge() throws {
        var config = DemoConfiguration.configuration
        let size = Size(width: 400, height: 300)
        config.indicator.position = .top
        let top = try SceneBuilder(configuration: config, size: size).build(frameClock: ManualFrameClock())
        XCTAssertLessThan(top.container.indicatorView.frame.maxY, 150)
        config.indicator.position = .bottom
        let bottom = try SceneBuilder(configuration: config, size: size).build(frameClock: ManualFrameClock())
        XCTAssertGreaterThan(bottom.container.indicatorView.frame.minY, 150)
    }

    func testAButtonTapGoesToItsTargetScreenAndTabsFollowTheSelection() throws {
        let clock = ManualFrameClock()
        let scene = try SceneBuilder(configuration: DemoConfiguration.configuration, size: Size(width: 1280, height: 800))
            .build(frameClock: clock)
        XCTAssertTrue(scene.container.select(index: 1, animated: false))
        let card = scene.container.screens[1].view
        let button = try XCTUnwrap(card.subviews.first { $0.onPress != nil }, "the card screen has a button back to the camera")
        let centre = Point(x: button.frame.midX, y: button.frame.midY)
        scene.container.handle(TouchEvent(id: 1, phase: .began, location: centre, time: 1))
        scene.container.handle(TouchEvent(id: 1, phase: .ended, location: centre, time: 1.05))
        for _ in 0..<60 { clock.tick() }
        XCTAssertEqual(scene.container.selectedIndex, 0)
    }

    func testBlurSitsBehindSeeThroughScreensWithACardOnly() throws {
        let scene = try SceneBuilder(configuration: DemoConfiguration.configuration, size: Size(width: 1280, height: 800))
            .build(frameClock: ManualFrameClock())
        XCTAssertEqual(scene.container.screens.map(\.prefersBackgroundBlur), [false, true, false])
    }
}
