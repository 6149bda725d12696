import Glibc
import XCTest
@testable import KioskDisplay

/// The kernel interface chosen once per output on the fake card: legacy when asked for or when
/// the driver has no atomic modesetting, atomic otherwise; an atomic flip the driver refuses is
/// an `AtomicRefusal`, for the display to switch to the legacy calls.
final class DRMKernelInterfaceTests: XCTestCase {
    private let device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])
    private var messages: [String] = []

    private func choose(preferAtomic: Bool) throws -> any DRMKernelInterface {
        let output = try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)
        return DRMKernelInterfaces.choose(on: device, output: output, preferAtomic: preferAtomic, log: { [unowned self] in messages.append($0) })
    }

    func testLegacyWhenAskedForOrWithoutAtomicModesetting() throws {
        device.atomicSupported = true
        XCTAssertTrue(try choose(preferAtomic: false) is LegacyKernelInterface)
        XCTAssertEqual(messages.last, "/dev/dri/card9: legacy page flips (SWIPE_KIOSK_DRM=legacy)")
        device.atomicSupported = false
        let legacy = try choose(preferAtomic: true)
        XCTAssertNil(legacy.atomic, "no planes, no writeback")
        XCTAssertFalse(legacy.powerChangeWaitsForFlip)
    }

    func testAtomicWhereTheDriverOffersItAndARefusedFlipSaysSo() throws {
        device.atomicSupported = true
        let atomic = try choose(preferAtomic: true)
        XCTAssertTrue(atomic is AtomicKernelInterface)
        XCTAssertNotNil(atomic.atomic)
        XCTAssertTrue(atomic.powerChangeWaitsForFlip, "a DPMS commit waits for the flip in flight")
        let output = try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)
        device.commitError = EINVAL
        XCTAssertThrowsError(try atomic.flip(output, framebufferID: 1, request: nil)) { error in
            XCTAssertTrue((error as? AtomicRefusal)?.what.hasPrefix("an atomic flip failed") == true, "\(error)")
        }
    }
}
