import Foundation
import KioskTouch
import XCTest
import KioskEngine
@testable import KioskInput

final class TouchRecorderTests: XCTestCase {
    private typealias C = EvdevCode

    func testRecordingReplaysThroughTheDecoderToTheSameTouches() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).events")
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)

        let surface = TouchSurface(sceneSize: Size(width: 100, height: 100), displayRotation: .none)
        let recorded = PipeEvdevSource(path: "/dev/input/event3", description: testPanel())
        let live = PipeEvdevSource(path: "/dev/input/event3", description: testPanel())
        let liveDevice = try TouchDevice(source: live, settings: TouchDeviceSettings(), surface: surface)
        let drop = TouchDeviceState(slots: [.init(trackingID: 40, x: 300, y: 100), .init(trackingID: -1, x: 500, y: 500),
                                            .init(trackingID: -1, x: 0, y: 0), .init(trackingID: -1, x: 0, y: 0)])
        recorded.stateAfterDrop = drop
        live.stateAfterDrop = drop
        let stream = FrameBuilder(time: 1.000001).abs(C.ABS_MT_SLOT, 0).abs(C.ABS_MT_TRACKING_ID, 40)
            .abs(C.ABS_MT_POSITION_X, 100).abs(C.ABS_MT_POSITION_Y, 100).abs(C.ABS_MT_SLOT, 1)
            .abs(C.ABS_MT_TRACKING_ID, 41).abs(C.ABS_MT_POSITION_X, 500).abs(C.ABS_MT_POSITION_Y, 500).syn()
            + [RawInputEvent(time: 2, type: C.EV_SYN, code: C.SYN_DROPPED, value: 0)]
            + FrameBuilder(time: 2).abs(C.ABS_MT_POSITION_X, 900).syn()
            + FrameBuilder(time: 3.5).abs(C.ABS_MT_SLOT, 0).abs(C.ABS_MT_TRACKING_ID, -1).syn()
        recorded.send(stream)
        recorded.unplug()
        live.send(stream)

        let recorder = TouchRecorder(source: recorded, output: handle)
        try recorder.run(stopDescriptor: nil)
        try handle.close()
        let liveTouches = liveDevice.readAvailable(now: { 0 }).touches

        let recording = try EvemuRecording.load(contentsOf: output)
        XCTAssertEqual(recording.description, testPanel())
        var decoder = try TouchDecoder(device: try XCTUnwrap(recording.description), surface: surface)
        let replayed = recording.events.flatMap { decoder.feed($0) }

        XCTAssertEqual(liveTouches.map(\.phase), [.began, .began, .moved, .cancelled, .ended])
        // The recording cannot know the lift was lost, so a replay ends that touch instead of cancelling it.
        XCTAssertEqual(replayed.map(\.phase), [.began, .began, .moved, .ended, .ended])
        XCTAssertEqual(replayed.map(\.location), liveTouches.map(\.location))
        XCTAssertEqual(replayed.map(\.time), liveTouches.map(\.time))
        XCTAssertEqual(decoder.activeTouchIDs, [])
    }
}
