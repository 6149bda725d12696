import Foundation
import KioskEngine
import KioskTouch
import XCTest
@testable import KioskInput

/// A protocol-A panel flooding a frame with 10,000 contacts, read as the daemon reads it (in pieces,
/// a readable descriptor at a time): touches stay within the contact limit and the log gets one
/// warning naming the device.
final class ProtocolAFloodMonitorTests: XCTestCase {
    private typealias C = EvdevCode

    private func protocolAPanel() -> InputDeviceDescription {
        var panel = testPanel(name: "Flooding Panel")
        panel.eventCodes[C.EV_ABS]?.remove(C.ABS_MT_SLOT)
        panel.eventCodes[C.EV_ABS]?.remove(C.ABS_MT_TRACKING_ID)
        panel.absoluteAxes[C.ABS_MT_SLOT] = nil
        return panel
    }

    private func contacts(_ range: Range<Int>, time: Double) -> [RawInputEvent] {
        range.flatMap { index in
            FrameBuilder(time: time).abs(C.ABS_MT_POSITION_X, Int32(index * 7 % 1000))
                .abs(C.ABS_MT_POSITION_Y, Int32(index * 13 % 1000)).syn(C.SYN_MT_REPORT)
        }
    }

    func testTenThousandContactsGiveSixteenTouchesAndOneWarning() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event0", protocolAPanel())
        let monitor = try TouchMonitor(settings: [], surface: TouchSurface(sceneSize: Size(width: 100, height: 100), displayRotation: .none),
                                       directory: nodes.directory, opener: nodes.open, clock: { 0 })
        let source = try XCTUnwrap(nodes.opened[nodes.path("event0")])
        var touches: [TouchEvent] = []
        var warnings: [String] = []
        for frame in 0..<2 {
            let time = 1 + Double(frame) * 0.01
            // 500 contacts (36 KB) fit the pipe; the daemon would read them a wakeup at a time too.
            for start in stride(from: 0, to: 10_000, by: 500) {
                source.send(contacts(start..<start + 500, time: time))
                let update = monitor.readReady(fileDescriptor: source.fileDescriptor)
                touches += update.touches
                warnings += update.warnings
            }
            source.send(FrameBuilder(time: time).syn())
            let update = monitor.readReady(fileDescriptor: source.fileDescriptor)
            touches += update.touches
            warnings += update.warnings
        }
        XCTAssertEqual(touches.count, 16)
        XCTAssertEqual(Set(touches.map(\.phase)), [.began])
        XCTAssertEqual(warnings, ["\(nodes.path("event0")): touch device 'Flooding Panel' sent 10000 contacts in one frame, "
                                  + "more than the 16 it is read with; contacts past 16 are ignored "
                                  + "(a panel firmware fault? check its connection and firmware)"])
    }
}
