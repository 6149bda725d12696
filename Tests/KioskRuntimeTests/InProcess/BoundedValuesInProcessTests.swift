import Foundation
import Glibc
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// Values fed hostile input: a FIFO in place of a file, megabytes of text, endless output. The
/// loop never waits on them, and every text is cut to `ValueTextLimit.bytes`.
final class BoundedValuesInProcessTests: XCTestCase {
    private static func config(values: String) -> String {
        DaemonHarness.textScreenConfig(values: values, text: "{v}", origin: nil)
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func value(_ kiosk: DaemonHarness) -> String? { kiosk.daemon.valueSources.store.value("v") }

    func testAFIFORenamedOverAValuesFileIsRefusedAndTheLoopGoesOn() throws {
        let file = folder.appendingPathComponent("queue")
        try "A17\n".write(to: file, atomically: false, encoding: .utf8)
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"v\"\nsource = \"file\"\npath = \"\(file.path)\""))
        XCTAssertEqual(value(kiosk), "A17")
        let fifo = folder.appendingPathComponent("queue.fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertEqual(rename(fifo.path, file.path), 0)
        // Before: open() of the FIFO never returned, and this loop with it; so the loop coming back
        // with the refusal logged, and then taking the next file, is the proof it never waited.
        XCTAssertTrue(kiosk.runLoop { kiosk.log.contains("is a FIFO (named pipe), not a regular file") }, "\(kiosk.log.lines)")
        XCTAssertEqual(value(kiosk), "A17", "the last good text stays")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("FIFO") }.count, 1, "\(kiosk.log.lines)")
        let next = folder.appendingPathComponent("queue.next")
        try "B42\n".write(to: next, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(next.path, file.path), 0)
        XCTAssertTrue(kiosk.runLoop { self.value(kiosk) == "B42" }, "the loop goes on and reads the file renamed over the FIFO")
    }

    func testAValuesFileThatIsAFIFOAtStartDoesNotHoldTheStartUp() throws {
        let fifo = folder.appendingPathComponent("queue")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"v\"\nsource = \"file\"\ninitial = \"--\"\npath = \"\(fifo.path)\""))
        XCTAssertEqual(value(kiosk), "--")
        XCTAssertTrue(kiosk.log.contains("\(fifo.path) is a FIFO (named pipe)"), "\(kiosk.log.lines)")
    }

    func testAValuesFileLineLongerThanTheCapIsCutWithOneWarning() throws {
        let file = folder.appendingPathComponent("long")
        try (String(repeating: "é", count: 3000) + "\nrest\n").write(to: file, atomically: false, encoding: .utf8)
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"v\"\nsource = \"file\"\nmax-length = 4096\npath = \"\(file.path)\""))
        XCTAssertEqual(value(kiosk), String(repeating: "é", count: 2048), "cut at 4096 bytes, on a character boundary")
        try (String(repeating: "ü", count: 3000) + "\n").write(to: file, atomically: false, encoding: .utf8)
        XCTAssertTrue(kiosk.runLoop { self.value(kiosk)?.hasPrefix("ü") == true })
        XCTAssertEqual(value(kiosk)?.utf8.count, 4096)
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("longer than the 4096 bytes a value holds") }.count, 1, "\(kiosk.log.lines)")
    }

    func testASetValueLongerThanTheCapIsRefusedAsAnInvalidArgument() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"v\"\ninitial = \"--\""))
        let huge = String(repeating: "line\n", count: 200_000)
        XCTAssertThrowsError(try kiosk.daemon.setValue("v", to: huge)) { error in
            XCTAssertEqual(error as? SetValueError, .tooLong("v", bytes: 1_000_000))
            XCTAssertEqual(ControlError.valueRefused(error as! SetValueError).busErrorName, "org.swipekiosk.Kiosk1.Error.InvalidArgument")
            XCTAssertTrue("\(error)".contains("more than the 4096 a value may hold"), "\(error)")
        }
        XCTAssertEqual(value(kiosk), "--")
        try kiosk.daemon.setValue("v", to: String(repeating: "x", count: 4096))
        XCTAssertEqual(value(kiosk)?.count, 4096)
    }
}
