import Foundation
import KioskTouch
import XCTest
import KioskEngine
@testable import KioskInput

final class TouchMonitorTests: XCTestCase {
    private typealias C = EvdevCode
    private let display = Size(width: 100, height: 100)
    private var surface: TouchSurface { TouchSurface(sceneSize: display, displayRotation: .none) }

    private func monitor(_ nodes: FakeDeviceNodes, settings: [TouchDeviceSettings] = [], now: Double = 0) throws -> TouchMonitor {
        try TouchMonitor(settings: settings, surface: surface, directory: nodes.directory,
                         opener: nodes.open, clock: { now })
    }

    private func press(_ source: PipeEvdevSource, x: Int32, time: Double, trackingID: Int32? = nil) {
        var frame = FrameBuilder(time: time)
        if let trackingID { frame = frame.abs(C.ABS_MT_TRACKING_ID, trackingID).abs(C.ABS_MT_POSITION_Y, 500) }
        source.send(frame.abs(C.ABS_MT_POSITION_X, x).syn())
    }

    func testStartupOpensTouchDevicesOnlyAndExplainsPermissionProblems() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event0", testPanel())
        nodes.add("event1", testPanel(name: "Keyboard", touch: false))
        nodes.add("event2", failingWith: EACCES)
        nodes.add("mouse0", testPanel(name: "Legacy mouse node"))
        let monitor = try monitor(nodes)
        XCTAssertEqual(monitor.openDevices, [nodes.path("event0")])
        XCTAssertEqual(monitor.fileDescriptors.count, 2)
        XCTAssertEqual(monitor.startupMessages.count, 2)
        XCTAssertTrue(monitor.startupMessages.contains("\(nodes.path("event0")): touch device added (Test Panel)"))
        XCTAssertTrue(monitor.startupMessages.contains { $0.hasPrefix("\(nodes.path("event2")): permission denied") && $0.contains("'input' group") },
                      "\(monitor.startupMessages)")
    }

    func testADeviceWithABrokenAxisIsRefusedOnceWithItsReasonAndTheOthersWork() throws {
        let nodes = try FakeDeviceNodes()
        var broken = testPanel(name: "Bad Firmware")
        broken.absoluteAxes[C.ABS_MT_POSITION_X]?.minimum = 4000
        nodes.add("event0", broken)
        nodes.add("event1", testPanel())
        let monitor = try monitor(nodes)
        XCTAssertEqual(monitor.openDevices, [nodes.path("event1")])
        XCTAssertTrue(monitor.startupMessages.contains {
            $0.hasPrefix("\(nodes.path("event0")): 'Bad Firmware': ABS_MT_POSITION_X reports the range 4000...1000")
        }, "\(monitor.startupMessages)")

        // udev touching the broken node again does not repeat the refusal; a new panel still opens.
        let hotplug = try XCTUnwrap(monitor.fileDescriptors.first)
        XCTAssertEqual(chmod(nodes.path("event0"), 0o660), 0)
        nodes.add("event2", testPanel(name: "Second Panel"))
        let update = monitor.readReady(fileDescriptor: hotplug)
        XCTAssertEqual(update.messages, ["\(nodes.path("event2")): touch device added (Second Panel)"])
        XCTAssertEqual(monitor.openDevices, [nodes.path("event1"), nodes.path("event2")])
    }

    func testHotplugAddsADeviceAndRemovingItMidSwipeCancelsItsTouch() throws {
        let nodes = try FakeDeviceNodes()
        let monitor = try monitor(nodes, now: 42)
        XCTAssertTrue(monitor.startupMessages.first?.contains("waiting") ?? false)
        let hotplug = try XCTUnwrap(monitor.fileDescriptors.first)

        nodes.add("event5", testPanel())
        let added = monitor.readReady(fileDescriptor: hotplug)
        let source = try XCTUnwrap(nodes.opened[nodes.path("event5")])
        XCTAssertEqual(added.addedFileDescriptors, [source.fileDescriptor])
        XCTAssertEqual(monitor.fileDescriptors, [hotplug, source.fileDescriptor])

        press(source, x: 100, time: 1, trackingID: 9)
        press(source, x: 400, time: 1.02)
        let swipe = monitor.readReady(fileDescriptor: source.fileDescriptor).touches
        XCTAssertEqual(swipe.map(\.phase), [.began, .moved])
        XCTAssertEqual(swipe.map(\.time), [1, 1.02])

        try nodes.remove("event5")
        let removed = monitor.readReady(fileDescriptor: hotplug)
        XCTAssertEqual(removed.touches, [TouchEvent(id: swipe[0].id, phase: .cancelled, location: Point(x: 40, y: 50), time: 42)])
        XCTAssertEqual(removed.removedFileDescriptors, [source.fileDescriptor])
        XCTAssertEqual(monitor.openDevices, [])
        XCTAssertEqual(monitor.fileDescriptors, [hotplug])
    }

    func testAReadThatFindsTheDeviceGoneCancelsAndDropsIt() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event3", testPanel())
        let monitor = try monitor(nodes, now: 8)
        let source = try XCTUnwrap(nodes.opened[nodes.path("event3")])
        press(source, x: 700, time: 7, trackingID: 1)
        source.unplug()
        let update = monitor.readReady(fileDescriptor: source.fileDescriptor)
        XCTAssertEqual(update.touches.map(\.phase), [.began, .cancelled])
        XCTAssertEqual(update.touches.last?.time, 8)
        XCTAssertEqual(update.removedFileDescriptors, [source.fileDescriptor])
        XCTAssertEqual(monitor.openDevices, [])
    }

    func testANodeDeniedAtFirstIsOpenedOnceItsPermissionsChange() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event2", failingWith: EACCES)
        let monitor = try monitor(nodes)
        XCTAssertEqual(monitor.openDevices, [])
        nodes.plan[nodes.path("event2")] = .success(testPanel())
        XCTAssertEqual(chmod(nodes.path("event2"), 0o660), 0)
        let update = monitor.readReady(fileDescriptor: monitor.fileDescriptors[0])
        XCTAssertEqual(update.addedFileDescriptors.count, 1)
        XCTAssertEqual(monitor.openDevices, [nodes.path("event2")])
    }

    func testSettingsPickDevicesByNameOrPathAndGrabAndCalibrateThem() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event0", testPanel(name: "Front Panel"))
        nodes.add("event1", testPanel(name: "Side Panel"))
        nodes.add("event2", testPanel(name: "Unwanted Panel"))
        try FileManager.default.createSymbolicLink(atPath: nodes.path("by-path-side"), withDestinationPath: "event1")
        let monitor = try monitor(nodes, settings: [
            TouchDeviceSettings(match: .name("Front Panel"), grab: true, calibration: TouchCalibration(invertX: true)),
            TouchDeviceSettings(match: .path(nodes.path("by-path-side"))),
        ])
        XCTAssertEqual(monitor.openDevices, [nodes.path("event0"), nodes.path("event1")])
        let front = try XCTUnwrap(nodes.opened[nodes.path("event0")])
        let side = try XCTUnwrap(nodes.opened[nodes.path("event1")])
        XCTAssertTrue(front.grabbed)
        XCTAssertFalse(side.grabbed)

        press(front, x: 200, time: 1, trackingID: 1)
        press(side, x: 200, time: 1, trackingID: 1)
        let frontTouch = try XCTUnwrap(monitor.readReady(fileDescriptor: front.fileDescriptor).touches.first)
        let sideTouch = try XCTUnwrap(monitor.readReady(fileDescriptor: side.fileDescriptor).touches.first)
        XCTAssertEqual(frontTouch.location, Point(x: 80, y: 50))
        XCTAssertEqual(sideTouch.location, Point(x: 20, y: 50))
        XCTAssertNotEqual(frontTouch.id, sideTouch.id)
    }

    func testADeviceListedByPathTakesTheCalibrationThatNamesItAndAMissingNameIsSaid() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event0", testPanel(name: "ILITEK-TP"))
        // As `[input] devices = [path]` with `[[input.device]] match = "ILITEK-TP"` and one for a missing panel wire it.
        let listed = TouchDeviceSettings.Match.path(nodes.path("event0"))
        let monitor = try monitor(nodes, settings: [
            TouchDeviceSettings(match: listed, calibrationMatch: .name("Other Panel"), calibration: TouchCalibration(swapXY: true)),
            TouchDeviceSettings(match: listed, calibrationMatch: .name("ILITEK-TP"), calibration: TouchCalibration(invertX: true)),
            TouchDeviceSettings(match: listed),
        ])
        XCTAssertEqual(monitor.openDevices, [nodes.path("event0")])
        let panel = try XCTUnwrap(nodes.opened[nodes.path("event0")])
        press(panel, x: 200, time: 1, trackingID: 1)
        let touch = try XCTUnwrap(monitor.readReady(fileDescriptor: panel.fileDescriptor).touches.first)
        XCTAssertEqual(touch.location, Point(x: 80, y: 50), "inverted: the calibration that names the device by name")
        XCTAssertTrue(monitor.startupMessages.contains { $0.contains("match = \"Other Panel\" fits no touch device present") },
                      "\(monitor.startupMessages)")
        XCTAssertFalse(monitor.startupMessages.contains { $0.contains("\"ILITEK-TP\" fits no") }, "\(monitor.startupMessages)")
    }

    func testAStableNameThatAppearsAfterItsNodeStillFindsTheDevice() throws {
        let nodes = try FakeDeviceNodes()
        try FileManager.default.createDirectory(atPath: nodes.path("by-id"), withIntermediateDirectories: false)
        let link = nodes.path("by-id/usb-panel-event-if00")
        let monitor = try monitor(nodes, settings: [TouchDeviceSettings(match: .path(link))])
        XCTAssertTrue(monitor.startupMessages.contains { $0.hasPrefix(link) && $0.contains("not present") }, "\(monitor.startupMessages)")
        nodes.add("event4", testPanel())
        XCTAssertEqual(monitor.readReady(fileDescriptor: monitor.fileDescriptors[0]).addedFileDescriptors, [])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../event4")
        XCTAssertEqual(monitor.readReady(fileDescriptor: monitor.fileDescriptors[0]).addedFileDescriptors.count, 1)
        XCTAssertEqual(monitor.openDevices, [nodes.path("event4")])
    }

    func testADeviceNamedInTheConfigThatIsNoTouchscreenIsExplained() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event1", testPanel(name: "Keyboard", touch: false))
        let monitor = try monitor(nodes, settings: [TouchDeviceSettings(match: .name("Keyboard"))])
        XCTAssertEqual(monitor.openDevices, [])
        XCTAssertTrue(monitor.startupMessages.contains { $0.hasPrefix(nodes.path("event1")) && $0.contains("not a touchscreen") },
                      "\(monitor.startupMessages)")
    }

    func testListerShowsTouchDevicesAndWhyOthersCannotBeOpened() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event0", testPanel())
        nodes.add("event1", testPanel(name: "Keyboard", touch: false))
        nodes.add("event10", failingWith: EACCES)
        let listing = TouchDeviceLister.list(directory: nodes.directory, opener: nodes.open)
        XCTAssertEqual(listing.map(\.path), [nodes.path("event0"), nodes.path("event10")])
        XCTAssertEqual(listing[0].text, """
            \(nodes.path("event0")): Test Panel
              id: bus 0x0003 vendor 0x056a product 0x00e6 version 0x0000
              protocol: multitouch B, 4 slots; properties: direct
              x: 0...1000 (fuzz 0, resolution 0/mm)
              y: 0...1000 (fuzz 0, resolution 0/mm)
            """)
        XCTAssertEqual(TouchDeviceLister.report(listing, directory: nodes.directory),
                       listing.map(\.text).joined(separator: "\n"))
        XCTAssertTrue(TouchDeviceLister.report([], directory: nodes.directory + "/missing").contains("does not exist"))
        XCTAssertTrue(listing[1].text.hasPrefix("\(nodes.path("event10")): cannot open: permission denied; add the user"),
                      listing[1].text)
    }
}
