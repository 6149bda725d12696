import Foundation
import Glibc
import KioskWebProtocol
import XCTest

/// The real web host (WPE WebKit) on local pages: frames in shared memory, a tap that clicks, the
/// origin rule, idle, a web process killed, end of stream.
final class WebHostProcessTests: XCTestCase {
    private var folder = ""
    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "web-host-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A red page whose button turns it green; html{overflow:hidden} so nothing scrolls or repaints.
        try """
        <!doctype html><html><head><style>html,body{margin:0;overflow:hidden;background:#ff0000}
        #b{position:absolute;left:50px;top:50px;width:200px;height:100px;font-size:30px}</style></head>
        <body><button id="b" onclick="document.documentElement.style.background='#00ff00'">Tap</button></body></html>
        """.write(toFile: folder + "/button.html", atomically: true, encoding: .utf8)
        try """
        <!doctype html><html><body style="background:#ff0000">
        <script>setTimeout(function () { location.href = "https://foreign.example/elsewhere.html"; }, 10);</script></body></html>
        """.write(toFile: folder + "/leave.html", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func openButtonPage(_ host: WebHostProcess, view: UInt32 = 7) throws -> UInt8 {
        let url = "file://\(folder)/button.html"
        try host.send(.open(view: view, width: 400, height: 300, url: url, allow: [], maxFps: 30))
        XCTAssertNotNil(try host.wait { $0 == .loaded(view: view, url: url) }, host.log)
        XCTAssertNotNil(host.images[view], "buffers came before loaded")
        // The page's red frame (a white one may come first).
        let frame = try host.wait { event in
            guard case let .frame(id, slot, _) = event, id == view else { return false }
            return host.pixel(view: view, slot: slot, x: 10, y: 10) == Self.red
        }
        guard case let .frame(_, slot, _) = frame else {
            XCTFail("no red frame: \(host.events) \(host.log)")
            return 0
        }
        return slot
    }

    func testATapOnTheButtonTurnsThePageGreen() throws {
        let host = try WebHostProcess(folder: folder)
        guard case let .hello(version, pid) = try host.next(limit: 20) else { return XCTFail("no hello: \(host.log)") }
        XCTAssertEqual(version, WebProtocol.version)
        XCTAssertEqual(pid, host.pid)
        let redSlot = try openButtonPage(host)
        XCTAssertEqual(host.pixel(view: 7, slot: redSlot, x: 150, y: 20), Self.red)

        try host.send(.touch(view: 7, phase: .down, id: 0, x: 150, y: 100, timeMs: 1000))
        try host.send(.touch(view: 7, phase: .up, id: 0, x: 150, y: 100, timeMs: 1060))
        let green = try host.wait { event in
            guard case let .frame(7, slot, _) = event else { return false }
            return host.pixel(view: 7, slot: slot, x: 10, y: 10) == Self.green
        }
        guard case let .frame(_, slot, damage) = green else { return XCTFail("the tap did not turn the page green: \(host.log)") }
        XCTAssertEqual(host.pixel(view: 7, slot: slot, x: 390, y: 290), Self.green)
        XCTAssertTrue(damage.contains { $0.x <= 10 && $0.y <= 10 && $0.x + $0.width > 390 && $0.y + $0.height > 290 },
                      "the whole background changed: \(damage)")
    }

    /// The unit's MemoryDenyWriteExecute=yes, as the kernel's own PR_SET_MDWE (Linux 6.3), inherited
    /// by WebKit's processes: Mesa's llvmpipe would crash the web process; the host falls back to softpipe.
    func testATapWorksWhereWritableExecutableMemoryIsRefused() throws {
        guard let python = ["/usr/bin/python3", "/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("python3 is missing")
        }
        let script = folder + "/mdwe.py"
        try """
        import ctypes, os, sys
        if ctypes.CDLL(None, use_errno=True).prctl(65, 1, 0, 0, 0) != 0:  # PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN
            sys.exit(77)
        os.execv(sys.argv[1], sys.argv[1:])
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let host = try WebHostProcess(folder: folder, prefix: [python, script])
        guard try host.next(limit: 20) != nil else {
            throw XCTSkip("this kernel has no PR_SET_MDWE (Linux 6.3 and later): \(host.log)")
        }
        _ = try openButtonPage(host)
        XCTAssertTrue(host.log.contains("softpipe"), host.log)
        try host.send(.touch(view: 7, phase: .down, id: 0, x: 150, y: 100, timeMs: 1000))
        try host.send(.touch(view: 7, phase: .up, id: 0, x: 150, y: 100, timeMs: 1060))
        XCTAssertNotNil(try host.wait { event in
            guard case let .frame(7, slot, _) = event else { return false }
            return host.pixel(view: 7, slot: slot, x: 10, y: 10) == Self.green
        }, "the tap did not turn the page green: \(host.events) \(host.log)")
        XCTAssertFalse(host.events.contains { if case .processGone = $0 { return true } else { return false } })
    }

    func testANavigationToAForeignOriginIsRefused() throws {
        let host = try WebHostProcess(folder: folder)
        let url = "file://\(folder)/leave.html"
        try host.send(.open(view: 3, width: 200, height: 100, url: url, allow: ["https://allowed.example"], maxFps: 30))
        let refused = try host.wait { if case .refused = $0 { return true } else { return false } }
        XCTAssertEqual(refused, .refused(view: 3, url: "https://foreign.example/elsewhere.html"), "\(host.events) \(host.log)")
        XCTAssertFalse(host.events.contains { if case .loaded(_, let loaded) = $0 { return loaded.contains("foreign") } else { return false } })
    }

    func testASubresourceOutsideThePagesFolderIsBlocked() throws {
        // The page's own folder is its origin: a stylesheet beside it loads, one above it does not.
        try FileManager.default.createDirectory(atPath: folder + "/page", withIntermediateDirectories: true)
        try "html{background:#00ff00 !important}".write(toFile: folder + "/outside.css", atomically: true, encoding: .utf8)
        try "#box{position:absolute;left:0;top:0;width:20px;height:20px;background:#0000ff}"
            .write(toFile: folder + "/page/inside.css", atomically: true, encoding: .utf8)
        try """
        <!doctype html><html style="background:#ff0000"><head><link rel="stylesheet" href="inside.css">
        <link rel="stylesheet" href="../outside.css"></head><body><div id="box"></div></body></html>
        """.write(toFile: folder + "/page/styled.html", atomically: true, encoding: .utf8)
        let host = try WebHostProcess(folder: folder)
        let url = "file://\(folder)/page/styled.html"
        try host.send(.open(view: 5, width: 200, height: 100, url: url, allow: [], maxFps: 30))
        XCTAssertNotNil(try host.wait { $0 == .loaded(view: 5, url: url) }, host.log)
        let drawn = try host.wait { event in
            guard case let .frame(5, slot, _) = event else { return false }
            return host.pixel(view: 5, slot: slot, x: 10, y: 10) == 0xFF00_00FF
        }
        guard case let .frame(_, slot, _) = drawn else { return XCTFail("the page's own stylesheet did not load: \(host.events)") }
        XCTAssertEqual(host.pixel(view: 5, slot: slot, x: 100, y: 50), Self.red, "the stylesheet outside the page's folder loaded")
        // WebKit's content filter blocks it in the web process, which tells the host nothing: no `refused`.
    }

    func testAnUpwardDragScrollsThePageDown() throws {
        // A red screenful above a green one: the finger moving up 400 px brings the green one in.
        try """
        <!doctype html><html><body style="margin:0"><div style="height:300px;background:#ff0000"></div>
        <div style="height:600px;background:#00ff00"></div></body></html>
        """.write(toFile: folder + "/tall.html", atomically: true, encoding: .utf8)
        let host = try WebHostProcess(folder: folder)
        let url = "file://\(folder)/tall.html"
        try host.send(.open(view: 2, width: 200, height: 300, url: url, allow: [], maxFps: 30))
        XCTAssertNotNil(try host.wait { event in
            guard case let .frame(2, slot, _) = event else { return false }
            return host.pixel(view: 2, slot: slot, x: 100, y: 150) == Self.red
        }, "the top of the page: \(host.events)")
        for step in 1...4 {
            try host.send(.scroll(view: 2, dx: 0, dy: -100, x: 100, y: 150, timeMs: UInt32(1000 + 16 * step)))
        }
        XCTAssertNotNil(try host.wait { event in
            guard case let .frame(2, slot, _) = event else { return false }
            return host.pixel(view: 2, slot: slot, x: 100, y: 150) == Self.green
        }, "the page did not scroll down: \(host.log)")
    }

    func testAStaticPageSendsNoFramesAfterItLoaded() throws {
        let host = try WebHostProcess(folder: folder)
        _ = try openButtonPage(host)
        // Every frame is answered, so the page could draw as often as it liked: it does not.
        let later = try host.collect(for: 3).filter { if case .frame = $0 { return true } else { return false } }
        XCTAssertEqual(later, [], "a static page kept drawing")
    }

    func testAHiddenPageDrawsNothingUntilShown() throws {
        let host = try WebHostProcess(folder: folder)
        _ = try openButtonPage(host)
        try host.send(.visible(view: 7, on: false))
        try host.send(.touch(view: 7, phase: .down, id: 0, x: 150, y: 100, timeMs: 1000))
        try host.send(.touch(view: 7, phase: .up, id: 0, x: 150, y: 100, timeMs: 1060))
        let hidden = try host.collect(for: 2).filter { if case .frame = $0 { return true } else { return false } }
        XCTAssertEqual(hidden, [], "a hidden page drew")
        try host.send(.visible(view: 7, on: true))
        XCTAssertNotNil(try host.wait { event in
            guard case let .frame(7, slot, _) = event else { return false }
            return host.pixel(view: 7, slot: slot, x: 10, y: 10) == Self.green
        }, "shown again, the page drew what the tap did: \(host.log)")
    }

    func testKillingTheWebProcessGivesProcessGoneAndReloadBringsThePageBack() throws {
        let host = try WebHostProcess(folder: folder)
        _ = try openButtonPage(host)
        let webProcesses = host.children(named: "WPEWebProcess")
        XCTAssertFalse(webProcesses.isEmpty, "the web process is the host's child")
        for child in webProcesses { kill(child, SIGKILL) }
        let gone = try host.wait { if case .processGone = $0 { return true } else { return false } }
        XCTAssertEqual(gone, .processGone(view: 7, reason: "the web process crashed"), host.log)

        try host.send(.reload(view: 7))
        XCTAssertNotNil(try host.wait { if case .loaded(7, _) = $0 { return true } else { return false } }, host.log)
        XCTAssertNotNil(try host.wait { event in
            guard case let .frame(7, slot, _) = event else { return false }
            return host.pixel(view: 7, slot: slot, x: 10, y: 10) == Self.red
        }, "the reloaded page drew: \(host.log)")
    }

    func testClosingTheSocketEndsTheHostAndItsWebProcesses() throws {
        let host = try WebHostProcess(folder: folder)
        _ = try openButtonPage(host)
        let children = host.children(named: "WPE")
        XCTAssertFalse(children.isEmpty)
        shutdown(host.socket, Int32(SHUT_RDWR))
        XCTAssertTrue(Self.within(10) { !host.isAlive }, "the host outlived its socket")
        XCTAssertEqual(host.exitStatus, 0)
        XCTAssertTrue(Self.within(10) { children.allSatisfy { kill($0, 0) != 0 } }, "WebKit's processes outlived the host")
    }

    /// Polls `condition` for at most `seconds`.
    private static func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
