import Foundation
import KioskTouch
import XCTest
import KioskEngine
@testable import KioskInput

/// Replays the shared real-panel recordings through a pipe-backed device and `TouchDevice`, the
/// path live devices take, on a 1280x800 display.
final class RecordingReplayTests: XCTestCase {
    static let display = Size(width: 1280, height: 800)
    static let surface = TouchSurface(sceneSize: display, displayRotation: .none)

    static var recordingsDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("../shared/recordings").standardized
    }

    /// The recordings' file names, or a skip where ../shared is absent (a clone on its own).
    static func recordingNames() throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: recordingsDirectory.path) else {
            throw XCTSkip("../shared/recordings is absent")
        }
        return names
    }

    /// One finger's path from began to its end.
    struct Track {
        var id: Int
        var points: [Point] = []
        var phases: [TouchEvent.Phase] = []
        var start: Point { points.first! }
        var end: Point { points.last! }
        var dx: Double { end.x - start.x }
        var dy: Double { end.y - start.y }
    }

    /// Feeds a recording frame by frame through the pipe, reading after each frame as epoll would.
    static func replay(_ name: String) throws -> (touches: [TouchEvent], device: TouchDevice) {
        let directory = recordingsDirectory
        guard FileManager.default.fileExists(atPath: directory.path) else { throw XCTSkip("../shared/recordings is absent") }
        let recording = try EvemuRecording.load(events: directory.appendingPathComponent(name))
        let source = PipeEvdevSource(path: "/dev/input/event7", description: recording.description!)
        let device = try TouchDevice(source: source, settings: TouchDeviceSettings(), surface: surface)
        var touches: [TouchEvent] = []
        var frame: [RawInputEvent] = []
        for event in recording.events {
            frame.append(event)
            guard event.type == EvdevCode.EV_SYN && event.code == EvdevCode.SYN_REPORT else { continue }
            source.send(frame)
            frame = []
            touches += device.readAvailable(now: { 0 }).touches
        }
        return (touches, device)
    }

    static func tracks(_ touches: [TouchEvent]) -> [Track] {
        var tracks: [Int: Track] = [:]
        for touch in touches {
            tracks[touch.id, default: Track(id: touch.id)].points.append(touch.location)
            tracks[touch.id]!.phases.append(touch.phase)
        }
        return tracks.values.sorted { $0.id < $1.id }
    }

    func testEveryRecordingGivesWellFormedTouchesThatAllEnd() throws {
        let names = try Self.recordingNames().filter { $0.hasSuffix(".events") }
        XCTAssertEqual(names.count, 18)
        for name in names {
            let (touches, device) = try Self.replay(name)
            XCTAssertFalse(touches.isEmpty, name)
            XCTAssertEqual(zip(touches, touches.dropFirst()).filter { $0.time > $1.time }.count, 0, "\(name): time runs backwards")
            for track in Self.tracks(touches) {
                XCTAssertEqual(track.phases.first, .began, "\(name) touch \(track.id)")
                XCTAssertEqual(track.phases.filter { $0 == .began }.count, 1, "\(name) touch \(track.id)")
                XCTAssertTrue(track.phases.dropLast().allSatisfy { $0 == .began || $0 == .moved }, "\(name) touch \(track.id)")
                XCTAssertTrue(track.points.allSatisfy { (0...1280).contains($0.x) && (0...800).contains($0.y) },
                              "\(name) touch \(track.id) leaves the display")
            }
            XCTAssertEqual(device.decoder.activeTouchIDs, [], "\(name) leaves touches down")
        }
    }

    /// Horizontal and vertical span of a track's whole path.
    static func extent(_ track: Track) -> (x: Double, y: Double) {
        let xs = track.points.map(\.x), ys = track.points.map(\.y)
        return (xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    func testTapsAndVerticalDragsGiveShortOrVerticalTouches() throws {
        let names = try Self.recordingNames().filter {
            $0.hasSuffix(".events") && ["tap", "drag-up-down", "drag-down", "scroll", "touch-release"].contains(where: $0.contains)
        }
        XCTAssertEqual(names.count, 12)
        for name in names {
            for track in Self.tracks(try Self.replay(name).touches) {
                let span = Self.extent(track)
                XCTAssertTrue(span.x < 40 || span.x < span.y / 2,
                              "\(name) touch \(track.id) spans \(Int(span.x)) px across, \(Int(span.y)) px down")
            }
        }
    }

    func testNTrigProtocolADiagonalDragCrossesTheDisplayRightwardsAndDown() throws {
        let tracks = Self.tracks(try Self.replay("n-trig-multitouch.1-finger-drag-nw-se.events").touches)
        XCTAssertEqual(tracks.count, 1)
        let drag = try XCTUnwrap(tracks.first)
        XCTAssertEqual(drag.phases.last, .ended)
        XCTAssertEqual(drag.dx / 1280, 0.95, accuracy: 0.02)
        XCTAssertEqual(drag.dy / 800, 0.94, accuracy: 0.02)
        XCTAssertGreaterThan(drag.dx, drag.dy)
        XCTAssertEqual(Self.tracks(try Self.replay("n-trig-multitouch.2-fingers-touch-release.events").touches).count, 2)
    }

    func testWacomTopSwipesMoveRightwardsAlongTheTop() throws {
        for (name, fingers) in [("wacom-isdv4-e6-finger.single-top-swipe.events", 1),
                                ("wacom-isdv4-e6-finger.double-top-swipe.events", 2)] {
            let tracks = Self.tracks(try Self.replay(name).touches)
            XCTAssertEqual(tracks.count, fingers, name)
            for track in tracks {
                XCTAssertGreaterThan(track.dx, 0.8 * 1280, name)
                XCTAssertLessThan(abs(track.dy), track.dx / 10, name)
                XCTAssertLessThan(track.start.y, 200, name)
            }
        }
    }
}
