import Glibc
import KioskEngine
import XCTest
@testable import KioskDisplay

/// Two outputs on one fake card: each has its own connector and CRTC, each is ticked only by its
/// own CRTC's flip events (read once, by the first display), and one unplugged leaves the other running.
final class DRMMultiOutputTests: XCTestCase {
    private final class TestClock {
        var time = 100.0
    }

    private var device: FakeDRMDevice!
    private var clock: TestClock!
    private var messages: [String] = []
    private let displayPort = 0  // the fake's DP-1, connector 30
    private let hdmi = 1  // HDMI-A-1, connector 31

    override func setUp() {
        device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])
        device.connectors[displayPort].isConnected = true
        device.connectors[displayPort].modes = [DisplayMode(width: 8, height: 4, refreshRate: 50, isPreferred: true, index: 0)]
        // Either encoder can drive either CRTC: the second output must still not take the first's.
        device.encoders = device.encoders.map { DRMEncoderInfo(id: $0.id, crtcID: 0, possibleCrtcs: 0b11) }
        clock = TestClock()
        messages = []
    }

    /// HDMI-A-1 at 60 Hz first, then `connector` beside it.
    private func makeDisplays(second connector: String = "*") throws -> (DRMDisplay, DRMDisplay) {
        let clock = self.clock!
        let output = try DRMOutput.choose(on: device, connectorName: "HDMI-A-1", modeRequest: nil)
        let first = try DRMDisplay(device: device, output: output, bufferCount: 2, hotplug: nil, console: nil,
                                   now: { clock.time }, log: { [unowned self] in messages.append($0) })
        let second = try DRMDisplay(beside: first, connectorName: connector, mode: nil, waitingSize: (8, 4),
                                    waitingRefreshRate: 50, log: { [unowned self] in messages.append($0) })
        return (first, second)
    }

    private func frame(_ color: UInt32, _ display: DRMDisplay) -> (PixelBuffer, [PixelRect]) {
        let buffer = PixelBuffer(width: display.size.width, height: display.size.height)
        buffer.fill(color)
        return (buffer, [PixelRect(x: 0, y: 0, width: display.size.width, height: display.size.height)])
    }

    private func present(_ color: UInt32, on display: DRMDisplay) throws {
        let (buffer, damage) = frame(color, display)
        try display.present(buffer, damage: damage)
    }

    /// The descriptor a display other than the card's reader is woken on for its flip events.
    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    func testTwoOutputsAt60And50HzEachOnItsOwnConnectorAndCrtc() throws {
        let (first, second) = try makeDisplays()
        XCTAssertEqual(first.connectorName, "HDMI-A-1")
        XCTAssertEqual(second.connectorName, "DP-1", "\"*\" is a connected connector the first does not show")
        XCTAssertEqual(first.refreshRate, 60)
        XCTAssertEqual(second.refreshRate, 50)
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("setCrtc") },
                       ["setCrtc crtc=40 fb=100 connector=31 16x8", "setCrtc crtc=41 fb=102 connector=30 8x4"],
                       "each output has a CRTC of its own and buffers of its own")
        XCTAssertTrue(first.pollDescriptors.contains(device.fileDescriptor))
        XCTAssertFalse(second.pollDescriptors.contains(device.fileDescriptor), "the card's descriptor is watched once")
    }

    func testEachOutputIsTickedOnlyByItsOwnCrtcsFlips() throws {
        let (first, second) = try makeDisplays()
        var firstTicks: [FrameTick] = []
        var secondTicks: [FrameTick] = []
        let firstLink = first.frameClock.addDisplayLink { firstTicks.append($0) }
        let secondLink = second.frameClock.addDisplayLink { secondTicks.append($0) }
        defer { firstLink.invalidate(); secondLink.invalidate() }
        let wakeSecond = try XCTUnwrap(second.pollDescriptors.last)

        try present(0x111111, on: first)
        try present(0x222222, on: second)
        XCTAssertEqual(device.pendingFlipCrtcs, [40, 41], "both flip at once, each on its CRTC")

        // CRTC 40's vblank: only the first output ticks.
        clock.time += 1.0 / 60
        device.completeFlip(at: clock.time, sequence: 1, crtcID: 40)
        try first.handleReadable(device.fileDescriptor)
        XCTAssertEqual(firstTicks.count, 1)
        XCTAssertEqual(firstTicks.first?.duration ?? 0, 1.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(secondTicks.count, 0, "an event of CRTC 40 never ticks the output on CRTC 41")
        XCTAssertFalse(isReadable(wakeSecond))

        // The first flips again at its own pace while the second's flip is still pending.
        try present(0x333333, on: first)
        XCTAssertEqual(device.pendingFlipCrtcs, [41, 40])

        // CRTC 41's vblank: read by the first display, handed to the second, which the loop wakes.
        clock.time += 1.0 / 100
        device.completeFlip(at: clock.time, sequence: 7, crtcID: 41)
        try first.handleReadable(device.fileDescriptor)
        XCTAssertEqual(firstTicks.count, 1, "an event of CRTC 41 never ticks the output on CRTC 40")
        XCTAssertTrue(isReadable(wakeSecond), "the second output's loop wakes for its event")
        try second.handleReadable(wakeSecond)
        XCTAssertEqual(secondTicks.count, 1)
        XCTAssertEqual(secondTicks.first?.duration ?? 0, 1.0 / 50, accuracy: 1e-9)
        XCTAssertFalse(isReadable(wakeSecond))
        XCTAssertEqual(device.pendingFlipCrtcs, [40], "the second's buffer is free for its next frame")
        XCTAssertEqual(device.pixel(framebufferID: 103, x: 1, y: 1), 0x222222, "the second output's frame is in its own buffer")
    }

    func testTheSecondOutputUnpluggedLeavesTheFirstRunning() throws {
        let (first, second) = try makeDisplays()
        device.connectors[displayPort].isConnected = false
        second.reprobe()
        XCTAssertFalse(second.isOutputConnected)
        XCTAssertTrue(first.isOutputConnected)
        XCTAssertTrue(messages.contains { $0.contains("DP-1 unplugged") }, "\(messages)")

        try present(0x444444, on: second)
        XCTAssertEqual(device.pendingFlipCrtcs, [], "nothing is flipped to the unplugged output")
        for vsync in 1...3 {
            try present(UInt32(vsync), on: first)
            XCTAssertEqual(device.pendingFlipCrtcs, [40])
            clock.time += 1.0 / 60
            device.completeFlip(at: clock.time, sequence: UInt32(vsync), crtcID: 40)
            try first.handleReadable(device.fileDescriptor)
        }
        XCTAssertTrue(first.isOutputConnected)

        device.connectors[displayPort].isConnected = true
        second.reprobe()
        XCTAssertTrue(second.isOutputConnected)
        XCTAssertEqual(device.calls.last, "setCrtc crtc=41 fb=102 connector=30 8x4", "lit again on its own CRTC")
        XCTAssertEqual(device.pixel(framebufferID: 102, x: 1, y: 1), 0x444444, "with the newest frame")
    }

    func testASecondOutputWaitsForItsConnectorAndNeverTakesTheFirsts() throws {
        device.connectors[displayPort].isConnected = false
        let (first, second) = try makeDisplays()
        XCTAssertFalse(second.isOutputConnected, "HDMI-A-1 is the first's: \"*\" waits for another")
        XCTAssertEqual(first.connectorName, "HDMI-A-1")
        device.connectors[displayPort].isConnected = true
        second.reprobe()
        XCTAssertEqual(second.connectorName, "DP-1")
        XCTAssertEqual(device.calls.last, "setCrtc crtc=41 fb=102 connector=30 8x4")
    }

    func testASecondOutputsPrimaryPlaneIsAFreeOneNotTheFirsts() throws {
        // Plane 50 already shows CRTC 40 (the first output's); 52 can feed either and is free.
        device.planeList = [
            DRMPlaneInfo(id: 50, kind: .primary, possibleCrtcs: 0b11, formats: [0x3432_5258], crtcID: 40, framebufferID: 100),
            DRMPlaneInfo(id: 52, kind: .primary, possibleCrtcs: 0b11, formats: [0x3432_5258], crtcID: 0, framebufferID: 0),
        ]
        let second = try DRMOutput.choose(on: device, connectorName: "*", modeRequest: nil,
                                          claims: DRMOutput.Claims(connectorIDs: [31], crtcIDs: [40]))
        XCTAssertEqual(second.crtcID, 41)
        XCTAssertEqual(try DRMAtomicOutput.lookUp(on: device, output: second).primaryPlaneID, 52)
    }

    func testNamingTheFirstOutputsConnectorAgainIsRefusedWithTheReason() throws {
        XCTAssertThrowsError(try makeDisplays(second: "HDMI-A-1")) { error in
            XCTAssertTrue("\(error)".contains("HDMI-A-1 on /dev/dri/card9 is already shown by another output"), "\(error)")
        }
    }
}
