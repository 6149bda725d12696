import Foundation
import Glibc
import KioskProcessSupport
import XCTest

/// The real daemon as its commands' child subreaper: a grandchild that leaves its run with
/// `setsid` is killed when the run ends, and nothing a command started survives the daemon.
final class CommandReapingProcessTests: XCTestCase {
    /// The processes whose environment carries the mark of a run of daemon `pid`.
    private func marked(by pid: pid_t) -> [pid_t] {
        let mark = Array("SWIPE_KIOSK_RUN=\(pid)-".utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(pid_t.init).filter { candidate in
            guard let data = FileManager.default.contents(atPath: "/proc/\(candidate)/environ") else { return false }
            return data.split(separator: 0).contains { Array($0).starts(with: mark) }
        }
    }

    func testSetsidGrandchildrenDieWithTheirRunAndNothingOutlivesTheDaemon() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reap-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("kiosk.toml")
        try """
            [display]
            backend = "headless"
            size = "160x100"
            [camera]
            source = "none"
            [control]
            bus = "none"
            [[value]]
            name = "quick"
            source = "command"
            command = ["/bin/sh", "-c", "setsid sleep 300 & echo up"]
            interval = 0.3
            [[value]]
            name = "slow"
            source = "command"
            command = ["/bin/sh", "-c", "setsid sleep 301 & sleep 100"]
            interval = 0.3
            timeout = 0.5
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "text"
              text = "{quick} {slow}"
            """.write(to: config, atomically: true, encoding: .utf8)
        let kiosk = try KioskProcess(configPath: config.path, environment: [:])
        // Runs ending on exit (quick) and at their timeout (slow) both leave a setsid sleep behind.
        XCTAssertTrue(KioskProcess.wait {
            kiosk.log.contains("echo up left processes behind; killed pid") && kiosk.log.contains("sleep 100 left processes behind; killed pid")
        }, kiosk.log)
        XCTAssertTrue(kiosk.log.contains("(sleep)"), kiosk.log)
        // Logged once per command: the cause is named once, not at every run.
        XCTAssertEqual(kiosk.log.components(separatedBy: "left processes behind; killed pid").count - 1, 2, kiosk.log)
        // Over about ten more runs (20 more processes the daemon started, seen come and go), what is
        // left is at most the few of the runs under way. Before, one more process was left every 0.3 s.
        var most = 0
        var seen = Set(marked(by: kiosk.pid))
        let before = seen.count
        XCTAssertTrue(KioskProcess.wait(limit: 20) {
            let now = marked(by: kiosk.pid)
            most = max(most, now.count)
            seen.formUnion(now)
            return seen.count >= before + 20
        }, "too few runs: \(seen.count - before) processes seen")
        XCTAssertLessThanOrEqual(most, 6, "processes piling up: \(marked(by: kiosk.pid))")
        XCTAssertEqual(kiosk.log.components(separatedBy: "left processes behind; killed pid").count - 1, 2,
                       "the cause is logged once per command: \(kiosk.log)")
        let pid = kiosk.pid
        XCTAssertEqual(kiosk.stop(), 0)
        XCTAssertEqual(marked(by: pid), [], "processes the daemon started outlived it")
    }
}
