import Foundation
import Glibc
import KioskCompositor
import KioskConfig
import KioskEngine
import KioskRuntime
import KioskProcessSupport
import XCTest

/// The D-Bus interface of the real daemon (`swipe-kiosk run --display headless`) on a private bus,
/// driven with busctl, as scripts drive it, and with `swipe-kiosk ctl`.
final class ControlBusTests: XCTestCase {
    // Shared with the extensions in other files (values and buttons).
    var directory: URL!
    var bus: PrivateBus!
    var kiosk: KioskProcess?

    static let config = """
        home = "first"
        [display]
        backend = "headless"
        size = "160x100"
        rotation = 90
        [camera]
        source = "none"
        [control]
        bus = "session"
        [transition]
        duration = 1.5
        [[screen]]
        name = "first"
        background = "#102030"
        [[screen.element]]
        type = "color"
        color = "#20c040"
        x = 10
        y = 20
        width = 30
        height = 40
        [[screen]]
        name = "second"
        background = "#d01010"
        """

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("control-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateBus()
    }

    override func tearDown() {
        kiosk = nil
        bus = nil
        try? FileManager.default.removeItem(at: directory)
    }

    private var configPath: String { directory.appendingPathComponent("kiosk.toml").path }

    /// Starts the daemon on the private bus and waits until it owns its name.
    func startKiosk(config: String = ControlBusTests.config, arguments: [String] = []) throws {
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = try KioskProcess(configPath: configPath, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address],
                                       arguments: arguments)
        kiosk = process
        XCTAssertTrue(wait { (try? self.bus.property("CurrentScreen")) as? String != nil },
                      "the kiosk never appeared on the bus: \(process.log)")
    }

    private func wait(_ condition: () -> Bool) -> Bool { KioskProcess.wait(condition) }


    // MARK: - Properties and introspection

    func testPropertiesAnswerAndIntrospectionNamesEveryArgument() throws {
        try startKiosk()
        XCTAssertEqual(try bus.property("CurrentScreen") as? String, "first")
        XCTAssertEqual(try bus.property("Screens") as? [String], ["first", "second"])
        XCTAssertEqual(try bus.property("Blanked") as? Bool, false)
        XCTAssertEqual(try bus.property("Transitioning") as? Bool, false)
        XCTAssertEqual(try bus.property("Display") as? String, "headless 160x100@60, rotated 90°")
        XCTAssertEqual(try bus.property("Camera") as? String, "none")
        XCTAssertEqual(try bus.property("TouchDevices") as? [String], [])
        XCTAssertGreaterThan(try bus.property("UptimeSeconds") as? Double ?? 0, 0)

        let xml = try Command.run(Command.find("busctl")!, ["--address=\(bus.address)", "introspect", "--xml-interface",
                                                           "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1"]).output
        for expected in [#"<method name="GoTo">"#, #"<arg type="s" name="screen" direction="in"/>"#,
                         #"<arg type="b" name="animated" direction="in"/>"#, #"<arg type="ay" name="png" direction="out"/>"#,
                         #"<method name="Reload">"#, #"<method name="Blank">"#, #"<method name="Wake">"#,
                         #"<signal name="ScreenChanged">"#, #"<arg type="s" name="from"/>"#, #"<arg type="s" name="to"/>"#,
                         #"<signal name="TransitionEnded">"#, #"<arg type="b" name="completed"/>"#,
                         #"<property name="CurrentScreen" type="s" access="read">"#, #"<property name="Screens" type="as" access="read">"#,
                         #"<property name="Blanked" type="b" access="read">"#, #"<property name="Transitioning" type="b" access="read">"#] {
            XCTAssertTrue(xml.contains(expected), "introspection lacks \(expected):\n\(xml)")
        }
        // Every argument of every method and signal, today's and any added later: a name is what
        // d-feet, gdbus and code generators show and bind to.
        let arguments = xml.components(separatedBy: "<arg ").dropFirst().map { $0.prefix { $0 != ">" } }
        XCTAssertGreaterThan(arguments.count, 20, "introspection has too few arguments:\n\(xml)")
        for argument in arguments {
            XCTAssertNotNil((" " + argument).range(of: #"\sname="[^"]+""#, options: .regularExpression),
                            "an unnamed argument: <arg \(argument)>\n\(xml)")
        }
    }

    // MARK: - GoTo and its signals

    func testGoToRunsATransitionRefusesAnotherWhileItRunsAndSignalsItsEnd() throws {
        try startKiosk()
        let monitor = try SignalMonitor(address: bus.address)

        XCTAssertEqual(try bus.call("GoTo", ["sb", "second", "true"]).status, 0)
        XCTAssertEqual(try bus.property("Transitioning") as? Bool, true, "a 1.5 s transition runs")
        let busy = try bus.call("GoTo", ["sb", "first", "true"])
        XCTAssertNotEqual(busy.status, 0)
        XCTAssertTrue(busy.error.contains("a transition is under way"), busy.error)
        let unknown = try bus.call("GoTo", ["sb", "nowhere", "false"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.error.contains(#"no screen named "nowhere""#), unknown.error)

        XCTAssertTrue(wait { (try? self.bus.property("CurrentScreen")) as? String == "second" })
        XCTAssertEqual(try bus.property("Transitioning") as? Bool, false)
        XCTAssertEqual(try bus.call("GoTo", ["sb", "first", "false"]).status, 0)
        XCTAssertEqual(try bus.property("CurrentScreen") as? String, "first", "no animation: at once")

        let signals = monitor.stop()
        let ours = signals.filter { $0.path == "/org/swipekiosk/Kiosk1" }
        XCTAssertEqual(ours.filter { $0.member == "ScreenChanged" }.map(\.data),
                       [[.string("first"), .string("second")], [.string("second"), .string("first")]], "\(ours)")
        XCTAssertEqual(ours.filter { $0.member == "TransitionEnded" }.map(\.data),
                       [[.string("first"), .string("second"), .bool(true)], [.string("second"), .string("first"), .bool(true)]],
                       "\(ours)")
        let changed = ours.filter { $0.member == "PropertiesChanged" }.flatMap(\.changedProperties)
        XCTAssertTrue(changed.contains("Transitioning") && changed.contains("CurrentScreen"), "\(changed)")

        // The errors' names, as a D-Bus client sees them.
        XCTAssertEqual(try errorName(of: "GoTo", ["string:nowhere", "boolean:true"]), "org.swipekiosk.Kiosk1.Error.NoSuchScreen")
        XCTAssertEqual(try bus.call("GoTo", ["sb", "second", "true"]).status, 0)
        XCTAssertEqual(try errorName(of: "GoTo", ["string:first", "boolean:true"]), "org.swipekiosk.Kiosk1.Error.Busy")
    }

    /// The D-Bus error name a call fails with, from `dbus-send`, which prints it (busctl prints only the text).
    private func errorName(of member: String, _ arguments: [String] = []) throws -> String? {
        guard let dbusSend = Command.find("dbus-send") else { throw XCTSkip("dbus-send is missing: install Debian's dbus-bin package") }
        let result = try Command.run(dbusSend, ["--bus=\(bus.address)", "--print-reply", "--dest=org.swipekiosk.Kiosk1",
                                                "/org/swipekiosk/Kiosk1", "org.swipekiosk.Kiosk1.\(member)"] + arguments)
        return result.error.split(separator: "\n").first.flatMap { line in
            line.hasPrefix("Error ") ? String(line.dropFirst(6).prefix { $0 != ":" }) : nil
        }
    }

    // MARK: - Screenshot

    func testScreenshotIsThePNGOfTheDisplaysLastFrameAfterRotation() throws {
        try startKiosk()
        // The frame the headless display was given: the same config composed here, rotated 90°.
        let configuration = try ConfigurationLoader.parse(Self.config, fileName: "kiosk.toml").get()
        let compositor = Compositor(displayWidth: 160, displayHeight: 100, rotation: .clockwise90)
        let scene = try SceneBuilder(configuration: configuration, size: compositor.sceneSize).build(frameClock: ManualFrameClock())
        _ = compositor.render(root: scene.rootView, background: nil)
        // Screenshot: upright, as seen at the panel; ScreenshotScanout: the buffer as scanned out.
        for (member, expected) in [("Screenshot", compositor.upright), ("ScreenshotScanout", compositor.output)] {
            let reply = try bus.call(member)
            XCTAssertEqual(reply.status, 0, reply.error)
            let bytes = ((reply.json as? [String: Any])?["data"] as? [Any])?.first as? [Int] ?? []
            let file = directory.appendingPathComponent("\(member).png").path
            try Data(bytes.map { UInt8($0) }).write(to: URL(fileURLWithPath: file))
            let shot = try ImageDecoder.decode(contentsOf: file)
            XCTAssertEqual([shot.width, shot.height], [expected.width, expected.height], member)
            var differing = 0
            for y in 0..<expected.height {
                for x in 0..<expected.width where shot[x, y] & 0xFFFFFF != expected[x, y] & 0xFFFFFF { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "\(member): pixels that differ from the display's frame")
            XCTAssertNotEqual(shot[0, 0] & 0xFFFFFF, 0, "the frame is not black")
        }
    }

    // MARK: - Reload, Blank, Wake

    func testReloadRejectsABrokenConfigWithFileLineColumnAndBlankWakeFlipBlanked() throws {
        try startKiosk()
        try (Self.config + "\nbogus = 3\n").write(toFile: configPath, atomically: true, encoding: .utf8)
        let rejected = try bus.call("Reload")
        XCTAssertNotEqual(rejected.status, 0)
        let bogusLine = Self.config.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        XCTAssertTrue(rejected.error.contains("\(configPath):\(bogusLine):1: unknown key 'bogus'"), rejected.error)
        XCTAssertEqual(try errorName(of: "Reload"), "org.swipekiosk.Kiosk1.Error.ConfigRejected")

        try Self.config.replacingOccurrences(of: "name = \"second\"", with: "name = \"third\"")
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(try bus.call("Reload").status, 0)
        XCTAssertEqual(try bus.property("Screens") as? [String], ["first", "third"])

        XCTAssertEqual(try bus.call("Blank").status, 0)
        XCTAssertEqual(try bus.property("Blanked") as? Bool, true)
        XCTAssertEqual(try bus.call("Wake").status, 0)
        XCTAssertEqual(try bus.property("Blanked") as? Bool, false)
    }

    // MARK: - ctl

    func testCtlCommandsAgainstARunningKioskAndWithoutOne() throws {
        let absent = try bus.ctl(["status"])
        XCTAssertNotEqual(absent.status, 0)
        XCTAssertTrue(absent.error.contains("no kiosk is running on the session bus"), absent.error)

        try startKiosk()
        let status = try bus.ctl(["status"])
        XCTAssertEqual(status.status, 0, status.error)
        XCTAssertTrue(status.output.contains("screen:        first"), status.output)
        XCTAssertTrue(status.output.contains("screens:       first, second"), status.output)
        let json = try bus.ctl(["status", "--json"])
        let decoded = try JSONDecoder().decode(ControlStatus.self, from: Data(json.output.utf8))
        XCTAssertEqual(decoded.screens, ["first", "second"])

        XCTAssertEqual(try bus.ctl(["goto", "second", "--no-animation"]).status, 0)
        XCTAssertEqual(try bus.property("CurrentScreen") as? String, "second")
        let missing = try bus.ctl(["goto", "nowhere"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.error.contains(#"no screen named "nowhere"; screens: "first", "second""#), missing.error)

        let file = directory.appendingPathComponent("ctl.png").path
        XCTAssertEqual(try bus.ctl(["screenshot", file]).status, 0)
        let shot = try ImageDecoder.decode(contentsOf: file)
        XCTAssertEqual(shot[80, 50] & 0xFFFFFF, 0xD01010, "the second screen's red")

        // A turned panel is turned back in the file and a broker named: only a restart applies
        // them, and each reload says so.
        try (Self.config.replacingOccurrences(of: "rotation = 90", with: "rotation = 0") + "\n[mqtt]\nbroker = \"mqtt://127.0.0.1:1\"\n")
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let turned = try bus.ctl(["reload"])
            XCTAssertEqual(turned.status, 0, turned.error)
            XCTAssertTrue(turned.output.contains("[display] rotation, [mqtt] broker: only a restart applies these"), turned.output)
            XCTAssertTrue(try bus.ctl(["status"]).output.contains("rotated 90°"), "status reports the rotation that runs")
        }

        try "[display]\nbackend = \"drmm\"\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        let reload = try bus.ctl(["reload"])
        XCTAssertNotEqual(reload.status, 0)
        XCTAssertTrue(reload.error.contains("\(configPath):2:11:"), reload.error)

        let metrics = try bus.ctl(["status", "--metrics"])
        XCTAssertTrue(metrics.output.contains("swipe_kiosk_config_reloads_total{result=\"rejected\"} 1"), metrics.output)
    }

    /// The test config is 160x100 turned 90 degrees: a person at the panel sees 100x160.
    func testScreenshotsAreUprightByDefaultAndBlackWhileDark() throws {
        try startKiosk(config: Self.config + "\n[power]\nblank-method = \"black\"\n")
        let upright = directory.appendingPathComponent("upright.png").path
        XCTAssertEqual(try bus.ctl(["screenshot", upright]).status, 0)
        let shot = try ImageDecoder.decode(contentsOf: upright)
        XCTAssertEqual([shot.width, shot.height], [100, 160])
        XCTAssertEqual(shot[15, 25] & 0xFFFFFF, 0x20C040, "the colour element at (10, 20) 30x40, where the config puts it")
        XCTAssertEqual(shot[45, 25] & 0xFFFFFF, 0x102030)
        let raw = directory.appendingPathComponent("scanout.png").path
        XCTAssertEqual(try bus.ctl(["screenshot", "--scanout", raw]).status, 0)
        let scanout = try ImageDecoder.decode(contentsOf: raw)
        XCTAssertEqual([scanout.width, scanout.height], [160, 100])
        XCTAssertEqual(try bus.call("ScreenshotScanout").status, 0, "the D-Bus method behind --scanout")

        XCTAssertEqual(try bus.call("Blank").status, 0)
        let dark = directory.appendingPathComponent("dark.png").path
        XCTAssertEqual(try bus.ctl(["screenshot", dark]).status, 0)
        let black = try ImageDecoder.decode(contentsOf: dark)
        XCTAssertEqual([black.width, black.height], [100, 160])
        XCTAssertTrue((0..<160).allSatisfy { y in (0..<100).allSatisfy { black[$0, y] & 0xFFFFFF == 0 } }, "the panel is dark")
    }

    func testASecondKioskSaysWhichProcessOwnsTheName() throws {
        try startKiosk()
        let first = try XCTUnwrap(kiosk)
        let second = try KioskProcess(configPath: configPath, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        XCTAssertTrue(wait { second.log.contains("runs without remote control") }, second.log)
        XCTAssertTrue(second.log.contains("cannot own org.swipekiosk.Kiosk1: another kiosk owns it (process \(first.pid) (swipe-kiosk))"),
                      second.log)
        XCTAssertFalse(second.log.contains("File exists"), second.log)
    }

    // MARK: - Metrics

    func testTheMetricsTextfileParsesAsPrometheusTextAndItsCountersMove() throws {
        guard Command.find("python3") != nil,
              try Command.run("/usr/bin/python3", ["-c", "import prometheus_client"]).status == 0 else {
            throw XCTSkip("python3-prometheus-client is missing (`make test-process` installs it)")
        }
        let textfile = directory.appendingPathComponent("swipe_kiosk.prom").path
        try startKiosk(config: Self.config + "\n[metrics]\ntextfile = \"\(textfile)\"\ninterval = 1\n")
        // Written at start, then every second: the first frame shows in a later write.
        XCTAssertTrue(wait { ((try? self.samples(textfile))?["swipe_kiosk_frames_composed_total"] ?? 0) >= 1 })
        let before = try samples(textfile)
        XCTAssertNil(before[#"swipe_kiosk_transitions_total{outcome="completed",style="overlap"}"#])

        XCTAssertEqual(try bus.call("GoTo", ["sb", "second", "true"]).status, 0)
        XCTAssertTrue(wait { (try? self.samples(textfile))?[#"swipe_kiosk_transitions_total{outcome="completed",style="overlap"}"#] == 1 })
        let after = try samples(textfile)
        XCTAssertGreaterThan(after["swipe_kiosk_frames_composed_total"] ?? 0, (before["swipe_kiosk_frames_composed_total"] ?? 0) + 10,
                             "a 1.5 s transition composes frames")
        XCTAssertEqual(after["swipe_kiosk_composition_seconds_count"], after["swipe_kiosk_frames_composed_total"])
        XCTAssertGreaterThan(after["swipe_kiosk_uptime_seconds"] ?? 0, before["swipe_kiosk_uptime_seconds"] ?? 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: textfile + ".tmp"), "written to a temporary file, then renamed")
    }

    func testAMissingCameraCountsAsACameraFault() throws {
        try startKiosk(config: Self.config.replacingOccurrences(of: "source = \"none\"",
                                                                with: "source = \"v4l2\"\ndevice = \"/dev/video-missing\""))
        XCTAssertTrue(wait {
            let text = (try? self.bus.ctl(["status", "--metrics"]))?.output ?? ""
            return text.contains("swipe_kiosk_camera_faults_total ") && !text.contains("swipe_kiosk_camera_faults_total 0\n")
        }, (try? bus.ctl(["status", "--metrics"]))?.output ?? "")
        XCTAssertTrue(try bus.ctl(["status"]).output.contains("camera:        "), "status names the camera")
    }

    /// Every sample of a metrics file, as Python's prometheus_client parses it: `name{label="v",…}` -> value.
    private func samples(_ path: String) throws -> [String: Double] {
        let script = """
            import json, sys
            from prometheus_client.parser import text_string_to_metric_families
            out = {}
            for family in text_string_to_metric_families(open(sys.argv[1]).read()):
                for s in family.samples:
                    labels = ",".join('%s="%s"' % kv for kv in sorted(s.labels.items()))
                    out[s.name + ("{%s}" % labels if labels else "")] = s.value
            print(json.dumps(out))
            """
        let result = try Command.run("/usr/bin/python3", ["-c", script, path])
        XCTAssertEqual(result.status, 0, "prometheus_client could not parse \(path): \(result.error)")
        return try JSONDecoder().decode([String: Double].self, from: Data(result.output.utf8))
    }
}
