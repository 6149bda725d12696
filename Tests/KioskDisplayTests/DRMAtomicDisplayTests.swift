import Glibc
import KioskEngine
import KioskTestSupport
import XCTest
@testable import KioskDisplay

/// The DRM display on a card that offers atomic modesetting, and its fallback to the legacy calls.
final class DRMAtomicDisplayTests: XCTestCase {
    final class TestClock {
        var time = 100.0
    }

    var device: FakeDRMDevice!
    var clock: TestClock!
    private var messages: [String] = []
    private let plane = FakeDRMDevice.planeProperties
    private let crtc = FakeDRMDevice.crtcProperties

    override func setUp() {
        device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])
        device.atomicSupported = true
        clock = TestClock()
        messages = []
    }

    func makeDisplay(preferAtomic: Bool = true) throws -> DRMDisplay {
        let output = try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)
        let clock = self.clock!
        device.now = { clock.time }
        return try DRMDisplay(device: device, output: output, bufferCount: 2, hotplug: nil, console: nil,
                              preferAtomic: preferAtomic, now: { clock.time }, log: { [unowned self] in messages.append($0) })
    }

    func frame(_ color: UInt32, width: Int = 16, height: Int = 8) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        buffer.fill(color)
        return buffer
    }

    let everything = [PixelRect(x: 0, y: 0, width: 16, height: 8)]

    func testTheModeIsSetByOneAllowModesetCommitOfConnectorCrtcAndPrimaryPlane() throws {
        let display = try makeDisplay()
        defer { display.close() }
        XCTAssertTrue(device.atomicAsked)
        XCTAssertEqual(device.calls, ["commit modeset fb=100 active=1"])
        let (request, flags) = try XCTUnwrap(device.commits.first)
        XCTAssertEqual(flags, [.allowModeset], "blocking: the first frame needs the mode")
        XCTAssertEqual(request.value(of: 31, FakeDRMDevice.connectorProperties["CRTC_ID"]!), 41)
        XCTAssertEqual(request.value(of: 41, crtc["MODE_ID"]!), UInt64(device.createdBlobs[0]))
        XCTAssertEqual(request.value(of: 41, crtc["ACTIVE"]!), 1)
        XCTAssertEqual(request.value(of: 50, plane["CRTC_ID"]!), 41)
        XCTAssertEqual(request.value(of: 50, plane["FB_ID"]!), 100)
        XCTAssertEqual(request.value(of: 50, plane["SRC_W"]!), 16 << 16, "source rectangle in 16.16 fixed point")
        XCTAssertEqual(request.value(of: 50, plane["SRC_H"]!), 8 << 16)
        XCTAssertEqual(request.value(of: 50, plane["CRTC_W"]!), 16)
        XCTAssertEqual(request.value(of: 50, plane["CRTC_H"]!), 8)
        XCTAssertTrue(messages.contains { $0.contains("atomic modesetting, primary plane 50") }, "\(messages)")
    }

    func testEveryFrameIsOneNonBlockingCommitAskingForAFlipEvent() throws {
        let display = try makeDisplay()
        try display.present(frame(0xFF0000), damage: everything)
        let (request, flags) = try XCTUnwrap(device.commits.last)
        XCTAssertEqual(flags, [.nonBlocking, .pageFlipEvent])
        XCTAssertEqual(request.properties, [DRMAtomicProperty(objectID: 50, propertyID: plane["FB_ID"]!, value: 101)])
        try display.present(frame(0x00FF00), damage: everything)
        XCTAssertEqual(device.commits.count, 2, "a frame ready while a commit is pending waits for its event")
        device.completeFlip(at: 100.016, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(device.calls.suffix(2), ["commit fb=101", "commit fb=100"])
        XCTAssertEqual(device.pixel(framebufferID: 100, x: 3, y: 3), 0x00FF00)
        XCTAssertEqual(device.waitCount, 0)
    }

    func testPowerSavingSwitchesCrtcActiveOffAndOnThroughCommits() throws {
        let display = try makeDisplay()
        XCTAssertTrue(display.supportsPowerSaving)
        try display.setPowerSaving(true)
        try display.present(frame(1), damage: everything)
        try display.setPowerSaving(false)
        try display.present(frame(2), damage: everything)
        XCTAssertEqual(device.calls.dropFirst(1), ["commit modeset active=0", "commit modeset active=1", "commit fb=101"])
        XCTAssertEqual(device.commits[1].request.properties.count, 1, "dark keeps mode, connector and planes")
        XCTAssertTrue(device.propertyWrites.isEmpty, "no legacy DPMS write on the atomic path")
    }

    func testGoingDarkWhileAFlipIsPendingWaitsForItsEventInsteadOfBlocking() throws {
        let display = try makeDisplay()
        try display.present(frame(1), damage: everything)
        try display.present(frame(2), damage: everything)
        try display.setPowerSaving(true)
        XCTAssertEqual(device.calls.last, "commit fb=101", "nothing committed while the flip is in flight")
        device.completeFlip(at: 100.016, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(device.calls.last, "commit modeset active=0", "dark once the flip is done; the queued frame dropped")
        XCTAssertEqual(device.waitCount, 0)
    }

    func testARefusedAtomicCapFallsBackToTheLegacyCalls() throws {
        device.atomicSupported = false
        let display = try makeDisplay()
        try display.present(frame(1), damage: everything)
        try display.setPowerSaving(true)
        XCTAssertTrue(device.atomicAsked)
        XCTAssertEqual(device.calls, ["setCrtc crtc=41 fb=100 connector=31 16x8", "flip fb=101"])
        XCTAssertEqual(device.propertyWrites.map(\.1), [3], "DPMS through the connector property")
        XCTAssertTrue(device.commits.isEmpty)
        XCTAssertTrue(messages.contains { $0.contains("refuses atomic modesetting; using legacy page flips") }, "\(messages)")
    }

    func testLegacyCanBeForcedAndADriverWithoutAPrimaryPlaneFallsBack() throws {
        let forced = try makeDisplay(preferAtomic: false)
        defer { forced.close() }
        XCTAssertFalse(device.atomicAsked)
        XCTAssertEqual(device.calls, ["setCrtc crtc=41 fb=100 connector=31 16x8"])
        XCTAssertTrue(messages.contains { $0.contains("SWIPE_KIOSK_DRM=legacy") }, "\(messages)")
        setUp()
        device.planeList = device.planeList.filter { $0.id != 50 }
        let fallback = try makeDisplay()
        defer { fallback.close() }
        XCTAssertEqual(device.calls.last, "setCrtc crtc=41 fb=100 connector=31 16x8")
        XCTAssertTrue(messages.contains { $0.contains("CRTC 41 has no primary plane; using legacy page flips") }, "\(messages)")
    }

    func testDarkenedAndWokenWhileUnpluggedCommitsNothingAndTheReplugCarriesTheState() throws {
        let display = try makeDisplay()
        device.connectors[1].isConnected = false
        display.reprobe()
        let before = device.commits.count
        try display.setPowerSaving(true)
        XCTAssertEqual(device.commits.count, before, "no commit for a CRTC whose connector is gone")
        device.connectors[1].isConnected = true
        display.reprobe()
        XCTAssertEqual(device.calls.last, "commit modeset fb=100 active=0", "lit again dark, as it was darkened")
        try display.setPowerSaving(false)
        XCTAssertEqual(device.calls.last, "commit modeset active=1")
        device.connectors[1].isConnected = false
        display.reprobe()
        try display.setPowerSaving(true)
        try display.setPowerSaving(false)
        device.connectors[1].isConnected = true
        display.reprobe()
        XCTAssertEqual(device.calls.last, "commit modeset fb=100 active=1", "woken while unplugged: lit on replug")
    }

    func testReplugSetsTheModeAgainWithAFreshBlobAndFreesTheOld() throws {
        let display = try makeDisplay()
        device.connectors[1].isConnected = false
        display.reprobe()
        device.connectors[1].isConnected = true
        display.reprobe()
        XCTAssertEqual(device.calls.last, "commit modeset fb=100 active=1")
        XCTAssertEqual(device.createdBlobs, [500, 501])
        XCTAssertEqual(device.destroyedBlobs, [500])
        display.close()
        XCTAssertEqual(device.destroyedBlobs, [500, 501])
    }

    /// The goal of issue 29: a driver whose flip events come 100 ms late never holds up the loop.
    /// One simulated second on the manual clock in 1 ms turns, each turn doing what the daemon's
    /// loop does (flip events, timer ticks, presenting a full 1920x1080 frame when one is due).
    func testFlipEventsDelayedBy100msNeverHoldUpTheLoop() throws {
        device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 1920, height: 1080, refreshRate: 60, isPreferred: true, index: 0)])
        device.atomicSupported = true
        device.flipDelay = 0.1
        let display = try makeDisplay()
        let frames = [frame(0x123456, width: 1920, height: 1080), frame(0x654321, width: 1920, height: 1080)]
        let whole = [PixelRect(x: 0, y: 0, width: 1920, height: 1080)]
        var due = false
        var ticks = 0
        let link = display.frameClock.addDisplayLink { _ in due = true; ticks += 1 }
        defer { link.invalidate() }
        let timer = display.pollDescriptors[1]
        let clock = self.clock!
        device.block = { clock.time += $0 }
        var longestOnTheClock = 0.0
        for step in 0..<1000 {
            clock.time = max(clock.time, 100 + Double(step) / 1000)
            let turnStart = clock.time
            defer { longestOnTheClock = max(longestOnTheClock, clock.time - turnStart) }
            if device.deliverDueFlips() { try display.handleReadable(device.fileDescriptor) }
            if let tick = display.nextTimerTick, tick <= clock.time { try display.handleReadable(timer) }
            if due {
                due = false
                try display.present(frames[ticks % 2], damage: whole)
            }
        }
        XCTAssertLessThan(longestOnTheClock, 1.0 / 60, "no call blocks until a flip is done")
        XCTAssertEqual(device.waitCount, 0, "no call waits for a flip")
        XCTAssertGreaterThan(ticks, 50, "the clock ticked on at the refresh rate while flips lagged")
        XCTAssertEqual(device.flipCount, 10, "one commit per 100 ms event, the newest frame each time")
    }
}

extension DRMAtomicDisplayTests {
    func testFramesShownReportTheFlipEventAndThePresentsItCovers() throws {
        let display = try makeDisplay()
        var shown: [FrameShown] = []
        XCTAssertTrue(display.observeFramesShown { shown.append($0) })
        try display.present(frame(1), damage: everything)
        try display.present(frame(2), damage: everything)
        try display.present(frame(3), damage: everything)
        device.completeFlip(at: 100.016, sequence: 1)
        try display.handleReadable(device.fileDescriptor)
        device.completeFlip(at: 100.033, sequence: 2)
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(shown, [FrameShown(time: 100.016, presentsCovered: 1), FrameShown(time: 100.033, presentsCovered: 3)],
                       "the queued frame that replaced the second shows both")
    }

    func testAfterAFlipEventTheNextFrameIsScheduledItsLeadBeforeTheNextVblank() throws {
        let display = try makeDisplay()
        var ticks: [Double] = []
        let link = display.frameClock.addDisplayLink { ticks.append($0.timestamp) }
        defer { link.invalidate() }
        let timer = display.pollDescriptors[1]
        display.compositionTook(0.003)
        try display.handleReadable(timer)
        try display.present(frame(1), damage: everything)
        let vblank = 100 + 1.0 / 60
        XCTAssertEqual(try XCTUnwrap(display.nextTimerTick), vblank - 0.0045, accuracy: 1e-9,
                       "composition starts p90 + margin before the vblank, the flip still pending")
        clock.time = vblank - 0.0045
        try display.handleReadable(timer)
        XCTAssertEqual(try XCTUnwrap(ticks.last), vblank, accuracy: 1e-9, "the tick carries the vblank aimed at")
        try display.present(frame(2), damage: everything)
        device.completeFlip(at: vblank + 0.0002, sequence: 1)
        clock.time = vblank + 0.0003
        try display.handleReadable(device.fileDescriptor)
        XCTAssertEqual(try XCTUnwrap(display.nextTimerTick), vblank + 0.0002 + 1.0 / 60 - 0.0045, accuracy: 1e-9,
                       "the flip event moved the grid; the next frame starts its lead before the next vblank")
    }

    func testADriverRefusingTheAtomicModeSetOrFlipGetsTheLegacyCalls() throws {
        device.commitError = EINVAL
        let display = try makeDisplay()
        defer { display.close() }
        XCTAssertEqual(device.calls, ["setCrtc crtc=41 fb=100 connector=31 16x8"])
        XCTAssertEqual(device.destroyedBlobs, device.createdBlobs, "the refused mode's blob is freed")
        XCTAssertTrue(messages.contains { $0.contains("the atomic mode set failed") && $0.contains("using legacy page flips") }, "\(messages)")
        setUp()
        let flipping = try makeDisplay()
        defer { flipping.close() }
        device.commitError = EINVAL
        try flipping.present(frame(1), damage: everything)
        XCTAssertEqual(device.calls.last, "flip fb=101", "the same frame goes out by drmModePageFlip")
        XCTAssertTrue(messages.contains { $0.contains("an atomic flip failed") }, "\(messages)")
    }
}
