import Glibc
import KioskEngine
import XCTest
@testable import KioskDisplay

final class DRMDisplayTests: XCTestCase {
    private final class TestClock {
        var time = 100.0
    }

    private var device: FakeDRMDevice!
    private var clock: TestClock!
    private var messages: [String] = []

    override func setUp() {
        device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])
        clock = TestClock()
        messages = []
    }

    private func makeDisplay(bufferCount: Int = 2) throws -> DRMDisplay {
        let output = try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)
        let clock = self.clock!
        return try DRMDisplay(device: device, output: output, bufferCount: bufferCount, hotplug: nil, console: nil,
                              now: { clock.time }, log: { [unowned self] in messages.append($0) })
    }

    private func frame(_ color: UInt32) -> PixelBuffer {
        let buffer = PixelBuffer(width: 16, height: 8)
        buffer.fill(color)
        return buffer
    }

    private let everything = [PixelRect(x: 0, y: 0, width: 16, height: 8)]

    func testSetsTheModeOnceThenFlipsBetweenBuffers() throws {
        let display = try makeDisplay()
        XCTAssertEqual(device.calls, ["setCrtc crtc=41 fb=100 connector=31 16x8"])
        try display.present(frame(0xFF0000), damage: everything)
        device.completeFlip(at: 100.016, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        try display.present(frame(0x00FF00), damage: everything)
        XCTAssertEqual(device.calls.dropFirst(), ["flip fb=101", "flip fb=100"])
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 3, y: 3), 0xFF0000)
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 3, y: 3), 0x00FF00)
    }

    func testCopiesOnlyDamagePlusWhatTheBackBufferMissed() throws {
        let display = try makeDisplay()
        let picture = frame(0x111111)
        try display.present(picture, damage: everything)
        device.completeFlip(at: 100.016, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        picture[1, 1] = 0x222222
        try display.present(picture, damage: [PixelRect(x: 1, y: 1, width: 1, height: 1)])
        device.completeFlip(at: 100.033, sequence: 2)
        try display.handleReadable(device.fileDescriptor)
        picture[5, 5] = 0x333333
        picture[9, 2] = 0x999999  // changed without being declared damaged: must not reach the screen
        try display.present(picture, damage: [PixelRect(x: 5, y: 5, width: 1, height: 1)])
        XCTAssertEqual(device.calls.last, "flip fb=101")
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 1, y: 1), 0x222222, "missed while buffer 100 was drawn")
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 5, y: 5), 0x333333)
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 9, y: 2), 0x111111)
    }

    func testAFramePresentedWhileAFlipIsPendingWaitsInAOneSlotQueueAndNeverBlocks() throws {
        let display = try makeDisplay()
        try display.present(frame(1), damage: everything)
        // The flip's event is late (a busy driver): presenting goes on without waiting for it.
        let second = frame(2)
        try display.present(second, damage: [PixelRect(x: 0, y: 0, width: 4, height: 4)])
        try display.present(frame(3), damage: [PixelRect(x: 8, y: 4, width: 2, height: 2)])
        XCTAssertEqual(device.waitCount, 0, "no call waits for the flip")
        XCTAssertEqual(device.flipCount, 1, "one flip at a time")
        device.completeFlip(at: 100.116, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(device.calls.suffix(2), ["flip fb=101", "flip fb=100"], "the queued frame went out with the event")
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 9, y: 5), 3, "the newest frame wins")
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 1, y: 1), 3, "with the damage of the frame it replaced")
        device.completeFlip(at: 100.133, sequence: 2)
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(device.flipCount, 2, "nothing more was queued")
    }

    func testAFlipWhoseEventNeverComesIsTakenAsDoneAndTheQueuedFrameGoesOut() throws {
        let display = try makeDisplay()
        try display.present(frame(1), damage: everything)
        try display.present(frame(2), damage: everything)
        device.loseFlipEvent()
        clock.time = 101.1
        try display.flipTimedOut()
        XCTAssertEqual(device.calls.suffix(2), ["flip fb=101", "flip fb=100"])
        XCTAssertTrue(messages.contains { $0.contains("no event for a page flip") }, "\(messages)")
        try display.flipTimedOut()
        XCTAssertEqual(device.flipCount, 2, "a timeout with the next flip still pending flips nothing new")
    }

    func testNothingFlipsWithoutDamage() throws {
        let display = try makeDisplay()
        try display.present(frame(1), damage: [])
        try display.present(frame(1), damage: [])
        XCTAssertEqual(device.flipCount, 0)
    }

    func testFlipEventsTickTheClockWithTheirTimestamps() throws {
        let display = try makeDisplay()
        var ticks: [FrameTick] = []
        let link = display.frameClock.addDisplayLink { ticks.append($0) }
        defer { link.invalidate() }
        for frameIndex in 1...3 {
            try display.present(frame(UInt32(frameIndex)), damage: everything)
            device.completeFlip(at: 100 + Double(frameIndex) / 60, sequence: UInt32(frameIndex + 40))
            try display.handleReadable(device.fileDescriptor)
        }
        XCTAssertEqual(ticks.map(\.sequence), [1, 2, 3])
        XCTAssertEqual(ticks.last!.timestamp, 100.05, accuracy: 1e-9)
        XCTAssertEqual(display.pacingSource, .pageFlip)
    }

    func testDriverWithoutVblankIsPacedByTimer() throws {
        device.vblankSupported = false
        let display = try makeDisplay()
        XCTAssertEqual(display.pacingSource, .timer)
        XCTAssertTrue(messages.contains { $0.contains("drmWaitVBlank fails") && $0.contains("60 Hz timer") }, "\(messages)")
    }

    func testInstantFlipCompletionsSwitchToTimerPacing() throws {
        let display = try makeDisplay()
        var ticks = 0
        let link = display.frameClock.addDisplayLink { _ in ticks += 1 }
        defer { link.invalidate() }
        for frameIndex in 0..<4 {
            clock.time += 1.0 / 60
            try display.present(frame(UInt32(frameIndex)), damage: everything)
            device.completeFlip(at: clock.time + 0.0003, sequence: 0)
            try display.handleReadable(device.fileDescriptor)
        }
        XCTAssertEqual(display.pacingSource, .timer)
        XCTAssertEqual(ticks, VsyncPacer.instantFlipsBeforeTimer - 1, "flip events stop ticking once they are known to be instant")
        XCTAssertTrue(messages.contains { $0.contains("without waiting for vblank") }, "\(messages)")
    }

    func testMasterHeldElsewhereKeepsRunningAndRetriesWithBackOff() throws {
        device.setCrtcError = EACCES
        let display = try makeDisplay()
        XCTAssertTrue(messages.last!.contains("another process is DRM master"), messages.last!)
        XCTAssertTrue(messages.last!.contains("Retrying in 1 s"), messages.last!)
        try display.present(frame(0xABCDEF), damage: everything)
        XCTAssertEqual(device.flipCount, 0)
        display.reprobe()
        XCTAssertTrue(messages.last!.contains("Retrying in 2 s"), messages.last!)
        device.setCrtcError = nil
        display.reprobe()
        XCTAssertEqual(device.calls.suffix(2), ["acquireMaster", "setCrtc crtc=41 fb=100 connector=31 16x8"])
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 0, y: 0), 0xABCDEF, "the newest frame is shown once master is ours")
        XCTAssertEqual(DRMDisplay.masterRetryDelay(attempt: 9), 30)
    }

    func testUnplugKeepsRunningAndReplugRestoresTheMode() throws {
        let display = try makeDisplay()
        try display.present(frame(0x010101), damage: everything)
        device.completeFlip(at: 100.016, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        device.connectors[1].isConnected = false
        display.reprobe()
        XCTAssertTrue(messages.last!.contains("HDMI-A-1 unplugged"), messages.last!)
        try display.present(frame(0x020202), damage: everything)
        XCTAssertEqual(device.flipCount, 1, "no flips while unplugged")
        device.connectors[1].isConnected = true
        display.reprobe()
        XCTAssertEqual(device.calls.last, "setCrtc crtc=41 fb=101 connector=31 16x8")
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 4, y: 4), 0x020202)
        try display.present(frame(0x030303), damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        XCTAssertEqual(device.calls.last, "flip fb=100")
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 4, y: 4), 0x030303, "a buffer stale since the unplug is fully redrawn")
    }

    func testTheTimerStandsInOnlyWhenNoFlipEventIsDue() throws {
        let display = try makeDisplay()
        XCTAssertNil(display.nextTimerTick, "idle: no ticks")
        try display.present(frame(1), damage: everything)
        let link = display.frameClock.addDisplayLink { _ in }
        defer { link.invalidate() }
        XCTAssertNil(display.nextTimerTick, "the flip's event will tick")
        device.completeFlip(at: 100.016, sequence: 1)
        clock.time = 100.017
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(display.nextTimerTick!, 100.016 + 1.0 / 60, accuracy: 1e-9, "no damage came: the timer keeps the clock going")
        try display.present(frame(2), damage: everything)
        device.connectors[1].isConnected = false
        display.reprobe()
        device.connectors[1].isConnected = true
        display.reprobe()
        display.scheduleFrame()
        XCTAssertNotNil(display.nextTimerTick, "a flip lost across the re-plug must not stall the clock")
    }

    func testPowerSavingUsesDPMSAndStopsFlips() throws {
        let display = try makeDisplay()
        try display.setPowerSaving(true)
        try display.present(frame(1), damage: everything)
        XCTAssertEqual(device.flipCount, 0)
        try display.setPowerSaving(false)
        try display.present(frame(1), damage: everything)
        XCTAssertEqual(device.flipCount, 1)
        XCTAssertEqual(device.propertyWrites.map(\.1), [3, 0])
        XCTAssertEqual(device.propertyWrites.map(\.0), [2, 2])
    }

    func testCloseRestoresTheCrtcAndFreesBuffers() throws {
        let display = try makeDisplay(bufferCount: 3)
        XCTAssertEqual(device.buffers.count, 3)
        display.close()
        display.close()
        XCTAssertEqual(device.restoredCrtc?.framebufferID, 7)
        XCTAssertEqual(device.destroyedBuffers, [100, 101, 102])
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("restore") }.count, 1)
    }

    func testRejectsBadBufferCountsAndWrongFrameSizes() throws {
        XCTAssertThrowsError(try makeDisplay(bufferCount: 4)) { XCTAssertTrue("\($0)".contains("2 or 3")) }
        let display = try makeDisplay()
        XCTAssertThrowsError(try display.present(PixelBuffer(width: 8, height: 8), damage: everything)) {
            XCTAssertTrue("\($0)".contains("8x8") && "\($0)".contains("16x8"), "\($0)")
        }
    }
}
