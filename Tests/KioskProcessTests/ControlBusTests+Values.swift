import Foundation
import KioskCompositor
import KioskEngine
import KioskProcessSupport
import XCTest

/// Values and buttons of the real daemon on ControlBusTests' private bus: `ctl set`/`get`,
/// `SetValue`, `Values`, and the signals taps on buttons send.
extension ControlBusTests {
    private static let valuesHeader = """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [control]
        bus = "session"
        """

    private func screenshot(_ name: String) throws -> PixelBuffer {
        let path = directory.appendingPathComponent(name).path
        XCTAssertEqual(try bus.ctl(["screenshot", path]).status, 0)
        return try ImageDecoder.decode(contentsOf: path)
    }

    func testCtlSetChangesTheScreenshotInsideTheTextsBoxOnly() throws {
        try startKiosk(config: Self.valuesHeader + """

            [[value]]
            name = "temp"
            initial = "--"
            [[value]]
            name = "time"
            source = "clock"
            [[screen]]
            name = "home"
            background = "#102030"
              [[screen.element]]
              type = "text"
              x = 20
              y = 20
              width = 200
              height = 40
              font-size = 28
              text = "Temp {temp}"
            """)
        XCTAssertEqual(try bus.ctl(["get", "temp"]).output, "--\n")
        let before = try screenshot("before.png")
        let monitor = try SignalMonitor(address: bus.address)
        let set = try bus.ctl(["set", "temp", "21.5"])
        XCTAssertEqual(set.status, 0, set.error)
        XCTAssertEqual(try bus.ctl(["get", "temp"]).output, "21.5\n")
        XCTAssertTrue(monitor.stop().contains { $0.member == "PropertiesChanged" && $0.changedProperties == ["Values"] },
                      "Values is announced as changed")
        var after = before
        XCTAssertTrue(KioskProcess.wait { after = (try? self.screenshot("after.png")) ?? before; return after.pixels != before.pixels },
                      "the screenshot never changed")
        var changedInside = 0
        for y in 0..<200 {
            for x in 0..<320 where before[x, y] != after[x, y] {
                let inside = (20..<220).contains(x) && (20..<60).contains(y)
                XCTAssertTrue(inside, "pixel (\(x), \(y)) outside the text's box changed")
                if !inside { return }
                changedInside += 1
            }
        }
        XCTAssertGreaterThan(changedInside, 20)

        let refused = try bus.ctl(["set", "time", "noon"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.error.contains("value \"time\" has source \"clock\""), refused.error)
        let all = try bus.ctl(["get"])
        XCTAssertTrue(all.output.hasPrefix("temp=21.5\ntime="), all.output)
        let (_, json, _) = try bus.busctl(["get-property", "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1",
                                           "org.swipekiosk.Kiosk1", "Values"])
        XCTAssertEqual(((json as? [String: Any])?["data"] as? [String: String])?["temp"], "21.5", "\(String(describing: json))")
        let unknown = try bus.call("SetValue", ["ss", "tmp", "1"])
        XCTAssertTrue(unknown.error.contains("no value named \"tmp\""), unknown.error)
    }

    func testCtlGetPrintsAValueWithANewlineUnambiguously() throws {
        try startKiosk(config: Self.valuesHeader + """

            [[value]]
            name = "note"
            [[value]]
            name = "other"
            initial = "x"
            [[screen]]
            name = "home"
            """)
        let text = "line one\nother=forged\\end\ttab"
        XCTAssertEqual(try bus.call("SetValue", ["ss", "note", text]).status, 0)
        XCTAssertEqual(try bus.ctl(["get", "note"]).output, #"line one\nother=forged\\end\ttab"# + "\n")
        XCTAssertEqual(try bus.ctl(["get"]).output, #"note=line one\nother=forged\\end\ttab"# + "\nother=x\n",
                       "one line a value: the newline cannot forge a second one")
        let all = try bus.ctl(["get", "--json"])
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: Data(all.output.utf8)), ["note": text, "other": "x"])
        let one = try bus.ctl(["get", "note", "--json"])
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: Data(one.output.utf8)), ["note": text])
    }

    /// An evemu recording of taps on the e2e touchscreen (800x600 axes over the 320x200 panel).
    private func taps(at points: [(x: Int, y: Int)]) throws -> String {
        var lines = ["# EVEMU 1.3"]
        for (index, point) in points.enumerated() {
            let down = Double(index) * 0.6, up = down + 0.05
            lines += [String(format: "E: %.6f 0003 002f 0", down), String(format: "E: %.6f 0003 0039 %d", down, index + 1),
                      String(format: "E: %.6f 0003 0035 %d", down, point.x), String(format: "E: %.6f 0003 0036 %d", down, point.y),
                      String(format: "E: %.6f 0001 014a 1", down), String(format: "E: %.6f 0001 0145 1", down),
                      String(format: "E: %.6f 0003 0000 %d", down, point.x), String(format: "E: %.6f 0003 0001 %d", down, point.y),
                      String(format: "E: %.6f 0000 0000 0", down),
                      String(format: "E: %.6f 0003 0039 -1", up), String(format: "E: %.6f 0001 014a 0", up),
                      String(format: "E: %.6f 0001 0145 0", up), String(format: "E: %.6f 0000 0000 0", up)]
        }
        let path = directory.appendingPathComponent("taps.events").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testATapOnASignalButtonEmitsButtonPressedAndAnExecButtonRunsOncePerTap() throws {
        let marks = directory.appendingPathComponent("door.log").path
        let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../e2e").standardized
        let monitor = try SignalMonitor(address: bus.address)
        // Left half: the bell (signal); right half: the door (exec). One tap on the bell, two on the door.
        let events = try taps(at: [(200, 300), (600, 300), (600, 300)])
        try startKiosk(config: Self.valuesHeader + """

            [[screen]]
            name = "lobby"
              [[screen.element]]
              type = "button"
              name = "bell"
              title = "Bell"
              action = "signal"
              x = 0
              y = 0
              width = 150
              height = 200
              [[screen.element]]
              type = "button"
              name = "door"
              title = "Door"
              action = "exec"
              command = ["/bin/sh", "-c", "echo opened >> \(marks)"]
              x = 170
              y = 0
              width = 150
              height = 200
            """, arguments: ["--replay", events, "--device", e2e.appendingPathComponent("touchscreen.desc").path, "--keep-running"])
        XCTAssertTrue(KioskProcess.wait {
            ((try? String(contentsOfFile: marks, encoding: .utf8)) ?? "").split(separator: "\n").count >= 2
        }, "the door's command ran twice: \(kiosk?.log ?? "")")
        usleep(300_000)
        XCTAssertEqual(try String(contentsOfFile: marks, encoding: .utf8), "opened\nopened\n", "once per tap")
        let signals = monitor.stop().filter { $0.path == "/org/swipekiosk/Kiosk1" }
        XCTAssertEqual(signals.filter { $0.member == "ButtonPressed" }.map(\.data), [[.string("lobby"), .string("bell")]], "\(signals)")
        XCTAssertEqual(signals.filter { $0.member == "ActionFinished" }.map(\.data),
                       [[.string("lobby"), .string("door"), .int(0)], [.string("lobby"), .string("door"), .int(0)]], "\(signals)")
    }
}
