import Foundation
import Glibc
import XCTest
@testable import KioskConfig

/// A config's size is bounded before it is parsed and its nesting by the parser (at the first key,
/// dot or value past the bound), and a file that is not a regular file (a FIFO, a device) is
/// refused without blocking.
final class ConfigBoundsTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        paths = []
        super.tearDown()
    }

    func testADottedHeaderTwentyThousandKeysDeepIsRefusedAtTheKeyPastTheLimit() {
        // 40 KB that cost toml++, the parser before, 4.7 GB and 23 s (quadratic in the depth).
        let text = "[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]\nx = 1\n"
        let found = diagnostics(text)
        // The parser stops where it finds the error: one diagnostic, at the 32nd dot (the 33rd level,
        // column 1 + 2 * 32), not 40 KB further on, so the other 19,967 keys are never built.
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.hasPrefix("kiosk.toml:1:65: nested more than 32 levels deep") ?? false, "\(found)")
    }

    func testDeepDottedKeysInlineTablesAndArraysAreRefusedWithTheirPosition() {
        let dotted = "[screen]\n" + Array(repeating: "b", count: 5000).joined(separator: ".") + " = 1\n"
        XCTAssertTrue(diagnostics(dotted).first?.hasPrefix("kiosk.toml:2:62: nested more than 32 levels deep") ?? false, "\(diagnostics(dotted))")
        let arrays = "x = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        XCTAssertTrue(diagnostics(arrays).first?.hasPrefix("kiosk.toml:1:37: nested more than 32 levels deep") ?? false, "\(diagnostics(arrays))")
        let tables = "x = " + String(repeating: "{ a = ", count: 10_000) + "1" + String(repeating: " }", count: 10_000) + "\n"
        XCTAssertTrue(diagnostics(tables).first?.contains("nested more than 32 levels deep") ?? false, "\(diagnostics(tables).first ?? "")")
    }

    func testNestingWithinTheLimitAndDotsInStringsAndNumbersPass() {
        let text = """
            # a comment with [brackets] and a.b.c dots
            [display]
            backend = "headless" # "quoted" [x.y]
            [[screen]]
            name = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g.h"
              [[screen.element]]
              type = "text"
              text = '''
            [a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g.h.i]
            '''
              opacity = 0.5
            """
        XCTAssertNotNil(loadValid(text))
        // The key is level 1, so 32 arrays in it reach level 33 only with a value in the innermost.
        XCTAssertNoThrow(try TOMLNode.parse("x = " + String(repeating: "[", count: 32) + String(repeating: "]", count: 32)))
        XCTAssertThrowsError(try TOMLNode.parse("x = " + String(repeating: "[", count: 33) + String(repeating: "]", count: 33)))
    }

    func testAConfigOverOneMebibyteIsRefusedBeforeItIsRead() throws {
        let line = "# " + String(repeating: "x", count: 1021) + "\n"
        let text = String(repeating: line, count: 1025)
        XCTAssertTrue(diagnostics(text).first?.hasPrefix("kiosk.toml:1025:1: the file is 1049600 bytes, more than the 1048576 bytes") ?? false,
                      "\(diagnostics(text).first ?? "")")
        let path = try temporaryFile(text)
        paths.append(path)
        let check = ConfigurationCheck(path: path)
        XCTAssertEqual(check.report, "\(path): is 1049600 bytes, more than the 1048576 bytes a config may hold; is it the right file?")
        var reloader = ConfigurationReloader(path: path, current: KioskConfiguration())
        guard case .rejected(let error) = reloader.reload() else { return XCTFail("a huge file must be refused by a reload") }
        XCTAssertEqual("\(error)", check.report)
    }

    func testAFIFOAsTheConfigIsCalledAFIFOAndNothingBlocks() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(UUID().uuidString).toml").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        paths.append(path)
        // Without a writer, a blocking open() of the FIFO would never return: returning is the proof.
        let check = ConfigurationCheck(path: path)
        XCTAssertEqual(check.report, "\(path): is a FIFO (named pipe), not a TOML file; name a regular file")
        var reloader = ConfigurationReloader(path: path, current: KioskConfiguration())
        guard case .rejected(let error) = reloader.reload() else { return XCTFail("a FIFO must be refused by a reload") }
        XCTAssertEqual("\(error)", check.report)
        XCTAssertEqual("\(ConfigurationCheck(path: "/dev/null").report)", "/dev/null: is a character device, not a TOML file; name a regular file")
    }

    func testAFileOfOnlyAByteOrderMarkGetsTheSameAnswerFromCheckAndReload() throws {
        let path = try temporaryFile("\u{FEFF}")
        paths.append(path)
        let check = ConfigurationCheck(path: path)
        XCTAssertFalse(check.isValid)
        XCTAssertEqual(check.report, "\(path): is empty (an editor saving it?); save the whole config and reload again")
        var reloader = ConfigurationReloader(path: path, current: KioskConfiguration())
        guard case .rejected(let error) = reloader.reload() else { return XCTFail("a BOM-only file must be refused") }
        XCTAssertEqual("\(error)", check.report)
    }

    func testAPicturePathThatIsAFIFOIsReportedByCheckConfigWithoutBlocking() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString).png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        paths.append(fifo)
        let path = try temporaryFile("""
            [[screen]]
            name = "a"
              [[screen.element]]
              type = "image"
              path = "\(fifo)"
            """)
        paths.append(path)
        // As above, a blocking open() of the picture would never return.
        let check = ConfigurationCheck(path: path)
        XCTAssertEqual(check.report, "\(path):5:10: screen.element.path: \(fifo): is a FIFO (named pipe), not a picture file; name a PNG or JPEG file")
    }
}
