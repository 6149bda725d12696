import Glibc
import KioskEngine
import XCTest
@testable import KioskDisplay

/// Connectors coming and going on the fake card: unplugged while idle, while animating and while
/// dark; nothing connected at start; a panel of another size.
final class DRMHotplugTests: XCTestCase {
    private final class TestClock {
        var time = 100.0
    }

    private var device: FakeDRMDevice!
    private var clock: TestClock!
    private var messages: [String] = []
    private var connectionChanges: [Bool] = []
    private let hdmi = 1  // the fake's HDMI-A-1, connector 31

    override func setUp() {
        device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])
        clock = TestClock()
        messages = []
        connectionChanges = []
    }

    private func makeDisplay(waitingFor frame: DRMDisplay.WaitingFrame? = nil) throws -> DRMDisplay {
        let output = frame == nil ? try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil) : nil
        let clock = self.clock!
        let display = try DRMDisplay(device: device, output: output, bufferCount: 2, hotplug: nil, console: nil,
                                     now: { clock.time }, log: { [unowned self] in messages.append($0) }, waiting: frame)
        display.onOutputConnectionChanged = { [unowned self] in connectionChanges.append($0) }
        return display
    }

    private func frame(_ color: UInt32, width: Int = 16, height: Int = 8) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        buffer.fill(color)
        return buffer
    }

    private let everything = [PixelRect(x: 0, y: 0, width: 16, height: 8)]

    private func plug(_ connected: Bool, _ display: DRMDisplay, modes: [DisplayMode]? = nil) {
        device.connectors[hdmi].isConnected = connected
        if let modes { device.connectors[hdmi].modes = modes }
        display.reprobe()
    }

    /// Presents a frame and completes its flip, as one vsync of a running animation.
    private func vsync(_ display: DRMDisplay, color: UInt32) throws {
        try display.present(frame(color), damage: everything)
        clock.time += 1.0 / 60
        device.completeFlip(at: clock.time, sequence: UInt32(device.flipCount))
        try display.handleReadable(device.fileDescriptor)
    }

    func testUnplugWhileIdleStopsDrawingAndReplugShowsTheLastFrameAtOnce() throws {
        let display = try makeDisplay()
        try vsync(display, color: 0x0A0A0A)
        plug(false, display)
        XCTAssertFalse(display.isOutputConnected)
        XCTAssertEqual(connectionChanges, [false])
        XCTAssertTrue(messages.contains { $0.contains("HDMI-A-1 unplugged") }, "\(messages)")
        try display.present(frame(0x0B0B0B), damage: everything)
        XCTAssertEqual(device.flipCount, 1, "nothing is flipped to a connector that is gone")
        let modeSets = device.calls.filter { $0.hasPrefix("setCrtc") }.count
        plug(true, display)
        XCTAssertTrue(display.isOutputConnected)
        XCTAssertEqual(connectionChanges, [false, true], "the daemon hears it, to compose a whole frame")
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("setCrtc") }.count, modeSets + 1, "lit at once")
        XCTAssertEqual(device.calls.last, "setCrtc crtc=41 fb=101 connector=31 16x8")
        XCTAssertEqual(device.pixel(framebufferID: 101, x: 3, y: 3), 0x0B0B0B, "the newest frame, not a black screen")
        XCTAssertEqual(device.destroyedBuffers, [], "the same mode keeps its buffers")
    }

    func testUnplugDuringAnAnimationStopsTheClockAndReplugResumesIt() throws {
        let display = try makeDisplay()
        var ticks = 0
        let link = display.frameClock.addDisplayLink { _ in ticks += 1 }
        defer { link.invalidate() }
        try vsync(display, color: 1)
        try vsync(display, color: 2)
        XCTAssertEqual(ticks, 2)
        // A flip is pending as the cable goes: its event never comes and must not stall what follows.
        try display.present(frame(3), damage: everything)
        plug(false, display)
        device.loseFlipEvent()
        display.scheduleFrame()
        XCTAssertNil(display.nextTimerTick, "no ticks while unplugged, though the animation wants them: the loop sleeps")
        try display.flipTimedOut()
        XCTAssertEqual(ticks, 2, "a flip lost with the cable ticks nothing")
        clock.time += 5
        plug(true, display)
        display.scheduleFrame()
        XCTAssertNotNil(display.nextTimerTick, "the animation goes on as soon as the panel is back")
        try vsync(display, color: 4)
        XCTAssertEqual(ticks, 3)
        XCTAssertEqual(device.calls.suffix(2), ["setCrtc crtc=41 fb=100 connector=31 16x8", "flip fb=101"])
    }

    func testUnplugAndReplugWhileDarkKeepsThePanelDark() throws {
        let display = try makeDisplay()
        try display.setPowerSaving(true)
        plug(false, display)
        plug(true, display)
        XCTAssertEqual(device.propertyWrites.map(\.1), [3, 3], "re-lit, then darkened again: it stays dark until woken")
        try display.present(frame(1), damage: everything)
        XCTAssertEqual(device.flipCount, 0)
        // Darkened and woken while unplugged: nothing to write to then; the state is kept.
        plug(false, display)
        try display.setPowerSaving(false)
        try display.setPowerSaving(true)
        XCTAssertEqual(device.propertyWrites.count, 2)
        plug(true, display)
        XCTAssertEqual(device.propertyWrites.map(\.1), [3, 3, 3])
        try display.setPowerSaving(false)
        try display.present(frame(2), damage: everything)
        XCTAssertEqual(device.propertyWrites.map(\.1).last, 0)
        XCTAssertEqual(device.flipCount, 1)
    }

    func testStartsWithNothingConnectedAndLightsThePanelPluggedInLater() throws {
        device.connectors[hdmi].isConnected = false
        device.connectors[hdmi].modes[0].refreshRate = 50
        let display = try makeDisplay(waitingFor: .init(width: 16, height: 8, refreshRate: 60))
        XCTAssertFalse(display.isOutputConnected)
        XCTAssertEqual(display.size.width, 16)
        XCTAssertNil(display.connectorName)
        XCTAssertEqual(device.calls, [], "no mode set, no buffers, nothing to restore")
        XCTAssertEqual(device.buffers.count, 0)
        XCTAssertTrue(messages.contains { $0.contains("no display connected") }, "\(messages)")
        let link = display.frameClock.addDisplayLink { _ in }
        defer { link.invalidate() }
        XCTAssertNil(display.nextTimerTick, "the clock does not spin while nothing is connected")
        try display.present(frame(0x123456), damage: everything)
        XCTAssertEqual(device.flipCount, 0)
        display.reprobe()
        XCTAssertEqual(connectionChanges, [], "still nothing")
        plug(true, display)
        XCTAssertEqual(connectionChanges, [true])
        XCTAssertEqual(display.connectorName, "HDMI-A-1")
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("setCrtc") }, ["setCrtc crtc=41 fb=100 connector=31 16x8"])
        XCTAssertTrue(messages.contains { $0.contains("HDMI-A-1 connected; showing at 16x8@50") }, "\(messages)")
        XCTAssertEqual(display.refreshRate, 50)
        display.scheduleFrame()  // as handleReadable does after the hot-plug event
        XCTAssertEqual(display.nextTimerTick, 100, "ticks start at once")
        try display.present(frame(0x0F0F0F), damage: everything)
        device.completeFlip(at: 100.02, sequence: 1)
        clock.time = 100.021
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(display.nextTimerTick ?? 0, 100.02 + 1.0 / 50, accuracy: 1e-9, "paced at the panel's rate, not the guess")
        try display.present(frame(0x654321), damage: everything)
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 15, y: 7), 0x654321)
        display.close()
        XCTAssertEqual(device.restoredCrtc?.crtcID, 41, "the CRTC found when it lit up is put back")
    }

    func testAPanelOfAnotherSizeShowsTheFramesCentredInItsPreferredMode() throws {
        let display = try makeDisplay()
        try vsync(display, color: 0x111111)
        plug(false, display)
        plug(true, display, modes: [DisplayMode(width: 12, height: 6, refreshRate: 60, index: 0),
                                    DisplayMode(width: 20, height: 12, refreshRate: 50, isPreferred: true, index: 1)])
        XCTAssertEqual(device.calls.last, "setCrtc crtc=41 fb=102 connector=31 20x12")
        XCTAssertEqual(device.destroyedBuffers, [100, 101], "the old mode's buffers go")
        XCTAssertEqual(display.size.width, 16, "frames keep the size the screens are laid out at")
        XCTAssertEqual(display.refreshRate, 50)
        XCTAssertTrue(messages.contains { $0.contains("shown centred") }, "\(messages)")
        XCTAssertEqual(device.pixel(framebufferID: 102, x: 2, y: 2), 0x111111, "the last frame's corner, 2 px in")
        XCTAssertEqual(device.pixel(framebufferID: 102, x: 17, y: 9), 0x111111, "and its far corner")
        XCTAssertEqual(device.pixel(framebufferID: 102, x: 1, y: 1), 0, "black around it")
        XCTAssertEqual(device.pixel(framebufferID: 102, x: 18, y: 10), 0)
        try display.present(frame(0x222222), damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        XCTAssertEqual(device.pixel(framebufferID: 103, x: 2, y: 2), 0x222222)
        XCTAssertEqual(device.pixel(framebufferID: 103, x: 19, y: 11), 0)
        // A smaller panel shows the middle of the frame.
        plug(false, display)
        device.loseFlipEvent()
        plug(true, display, modes: [DisplayMode(width: 8, height: 4, refreshRate: 60, isPreferred: true, index: 0)])
        let centre = frame(0)
        centre[4, 2] = 0x333333
        try display.present(centre, damage: everything)
        XCTAssertEqual(device.pixel(framebufferID: 105, x: 0, y: 0), 0x333333)
    }

    func testAConfiguredConnectorIsTheOnlyOneLit() throws {
        device.connectors[hdmi].isConnected = false
        let clock = self.clock!
        let display = try DRMDisplay(device: device, output: nil, bufferCount: 2, hotplug: nil, console: nil,
                                     now: { clock.time }, log: { [unowned self] in messages.append($0) },
                                     connectorName: "HDMI-A-1", waiting: .init(width: 16, height: 8, refreshRate: 60))
        device.connectors[0].isConnected = true
        device.connectors[0].modes = [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)]
        display.reprobe()
        XCTAssertFalse(display.isOutputConnected, "another connector is not the one asked for")
        plug(true, display)
        XCTAssertEqual(display.connectorName, "HDMI-A-1")
    }
}
