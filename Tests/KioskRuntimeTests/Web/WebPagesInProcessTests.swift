import Foundation
import KioskCompositor
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import KioskWebProtocol
import XCTest

/// `type = "web"` elements in the whole daemon on the manual clock, with a fake web host behind
/// the same seam as `swipe-kiosk-web` (issue 39): the host starts only for a page; frames are
/// drawn at the element's box and damage only it; `frameDone` comes at most `max-fps` and never
/// while the page's screen is not shown; a tap reaches the page at element-local coordinates, a
/// vertical drag scrolls it, a horizontal swipe moves the screens; a host that goes is started
/// again with back-off; a page that does not load shows what is behind it.
final class WebPagesInProcessTests: XCTestCase {
    private static let config = """
        [display]
        backend = "headless"
        [camera]
        source = "none"
        [indicator]
        enabled = false
        [[value]]
        name = "room"
        initial = "12"
        [[screen]]
        name = "home"
        background = "#102030"
        [[screen]]
        name = "web"
        background = "#203040"
          [[screen.element]]
          type = "web"
          x = 40
          y = 30
          width = 120
          height = 80
          url = "https://rooms.example/{room}"
          max-fps = 30
        [[screen]]
        name = "last"
        background = "#304050"
        """
    private static let box = PixelRect(x: 40, y: 30, width: 120, height: 80)

    private var hosts: [FakeWebHost] = []
    private var failLaunches = false

    private func makeHarness(_ config: String = WebPagesInProcessTests.config) throws -> DaemonHarness {
        try DaemonHarness(config: config, webHost: { [unowned self] signal in
            if failLaunches { throw SystemCallError("cannot run swipe-kiosk-web", code: ENOENT) }
            let host = FakeWebHost(signal: signal)
            hosts.append(host)
            return host
        })
    }

    /// The page's id on the wire, from the `open` the daemon sent.
    private func openedView(_ host: FakeWebHost) throws -> UInt32 {
        for command in host.commands { if case .open(let view, _, _, _, _, _) = command { return view } }
        throw XCTSkip("no open")
    }

    func testTheHostStartsOnlyForAPageAndOpensItAtItsBox() throws {
        let plain = try makeHarness(Self.config.replacingOccurrences(of: "type = \"web\"", with: "type = \"color\"")
            .replacingOccurrences(of: "url = \"https://rooms.example/{room}\"\n  max-fps = 30", with: ""))
        plain.frames(2)
        XCTAssertTrue(hosts.isEmpty, "no page, no host")
        XCTAssertFalse(plain.daemon.status.contains("web: "), plain.daemon.status)

        let harness = try makeHarness()
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        XCTAssertEqual(hosts.count, 1)
        let view = try openedView(host)
        XCTAssertEqual(host.commands.prefix(2), [.open(view: view, width: 120, height: 80, url: "https://rooms.example/12", allow: [], maxFps: 30),
                                                 .visible(view: view, on: false)])
        XCTAssertTrue(harness.daemon.status.contains("web: host running, 1 page"), harness.daemon.status)
    }

    func testFramesAreDrawnAtTheElementsBoxAndDamageOnlyIt() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        XCTAssertEqual(host.commands.last, .visible(view: view, on: true))
        try host.giveBuffers(view: view, width: 120, height: 80)
        host.draw(view: view, colour: 0xFFE0_2010)
        harness.frame()
        XCTAssertEqual(harness.display.lastDamage, [Self.box])
        XCTAssertEqual(harness.daemon.lastUprightFrame[100, 70] & 0xFF_FFFF, 0xE0_2010, "the page fills the box")
        XCTAssertEqual(harness.daemon.lastUprightFrame[20, 20] & 0xFF_FFFF, 0x20_3040, "the screen around it is untouched")

        // A frame damaging a corner: only that corner of the daemon's copy changes, and only it is redrawn.
        host.draw(view: view, colour: 0xFF10_20E0, damage: [WebRect(x: 0, y: 0, width: 10, height: 10)])
        harness.frame()
        XCTAssertEqual(harness.display.lastDamage, [PixelRect(x: Self.box.x, y: Self.box.y, width: 10, height: 10)],
                       "only the page's damage is redrawn")
        XCTAssertEqual(harness.daemon.lastUprightFrame[45, 35] & 0xFF_FFFF, 0x10_20E0, "the damaged corner is new")
        XCTAssertEqual(harness.daemon.lastUprightFrame[100, 70] & 0xFF_FFFF, 0xE0_2010, "the rest is the last frame's")
    }

    func testFrameDoneComesAtMostMaxFpsAndNeverWhileHidden() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        try host.giveBuffers(view: view, width: 120, height: 80)
        // An animated page: it draws again as soon as it may.
        host.drawsOnFrameDone = true
        host.draw(view: view, colour: 0xFF00_FF00)
        let start = harness.clock.now
        for _ in 0..<60 {
            harness.frame()
            host.deliverPending()
        }
        let seconds = harness.clock.now - start
        let count = Double(host.frameDones.count)
        XCTAssertGreaterThanOrEqual(count, 29 * seconds, "one frame a tick pair at 30 fps on 60 Hz")
        XCTAssertLessThanOrEqual(count, 30 * seconds + 1, "never more than max-fps")

        let shown = host.commands.count
        try harness.daemon.goTo("home", animated: false)
        harness.frames(2)
        XCTAssertEqual(host.commands.dropFirst(shown).filter { $0 == .visible(view: view, on: false) }.count, 1)
        let hidden = host.frameDones.count
        host.draw(view: view, colour: 0xFF00_00FF)
        harness.frames(30)
        harness.clock.advance(to: harness.clock.now + 5)
        harness.frames(5)
        XCTAssertEqual(host.frameDones.count, hidden, "no frameDone while the page's screen is not shown")

        try harness.daemon.goTo("web", animated: false)
        harness.frames(3)
        XCTAssertGreaterThan(host.frameDones.count, hidden, "answered once shown again")
    }

    func testDuringATransitionThePagesLastFrameMovesWithItsScreen() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        try host.giveBuffers(view: view, width: 120, height: 80)
        host.draw(view: view, colour: 0xFFE0_2010)
        harness.frame()
        let answered = host.frameDones.count
        // A swipe toward "last" under way: the page is hidden (no frames) and its last frame is
        // drawn with its screen as the transition moves it.
        host.draw(view: view, colour: 0xFF10_20E0)
        try harness.drag(from: Point(x: 290, y: 150), to: Point(x: 190, y: 150), lift: false)
        XCTAssertEqual(host.commands.last { if case .visible = $0 { true } else { false } }, .visible(view: view, on: false))
        harness.frames(3)
        XCTAssertEqual(host.frameDones.count, answered, "no frameDone during the transition")
        XCTAssertEqual(harness.daemon.lastUprightFrame[60, 50] & 0xFF_FFFF, 0x10_20E0, "the page's last frame is still drawn")
        // The finger goes back and lifts: the screen returns and the page is shown again.
        try harness.send([TouchEvent(id: 1, phase: .moved, location: Point(x: 290, y: 150), time: harness.clock.now)])
        harness.frame()
        try harness.send([TouchEvent(id: 1, phase: .ended, location: Point(x: 290, y: 150), time: harness.clock.now)])
        harness.settle()
        XCTAssertEqual(harness.daemon.currentScreen, "web")
        XCTAssertEqual(host.commands.last { if case .visible = $0 { true } else { false } }, .visible(view: view, on: true),
                       "shown again once the screen is at rest")
    }

    func testATapReachesThePageAtElementLocalPixelsAndAVerticalDragScrollsIt() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        let t = harness.clock.now
        try harness.send([TouchEvent(id: 7, phase: .began, location: Point(x: 100, y: 70), time: t)])
        XCTAssertEqual(host.input, [], "held until it is a tap, a scroll or a swipe")
        try harness.send([TouchEvent(id: 7, phase: .ended, location: Point(x: 102, y: 71), time: t + 0.1)])
        let ms = UInt32((t + 0.1) * 1000)
        XCTAssertEqual(host.input, [.touch(view: view, phase: .down, id: 0, x: 60, y: 40, timeMs: ms),
                                    .touch(view: view, phase: .up, id: 0, x: 60, y: 40, timeMs: ms)])

        try harness.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 36), steps: 4)
        harness.settle()
        let scrolls = host.input.dropFirst(2)
        XCTAssertFalse(scrolls.isEmpty)
        XCTAssertTrue(scrolls.allSatisfy { if case .scroll(view, 0, let dy, 60, _, _) = $0 { dy < 0 } else { false } }, "\(scrolls)")
        let total = scrolls.reduce(Float(0)) { if case .scroll(_, _, let dy, _, _, _) = $1 { $0 + dy } else { $0 } }
        XCTAssertEqual(total, -64, accuracy: 0.01, "the page scrolls with the finger")
        XCTAssertEqual(harness.daemon.currentScreen, "web")
    }

    func testAHorizontalSwipeOnThePageMovesTheScreensAsOneOffItAndThePageSeesNothing() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        try harness.drag(from: Point(x: 150, y: 70), to: Point(x: 10, y: 70))
        harness.settle()
        XCTAssertEqual(harness.daemon.currentScreen, "last", "a swipe starting on the page")
        XCTAssertEqual(host.input, [], "the page never sees the swipe")

        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        try harness.drag(from: Point(x: 150, y: 170), to: Point(x: 10, y: 170))
        harness.settle()
        XCTAssertEqual(harness.daemon.currentScreen, "last", "the same swipe starting beside it")
    }

    func testAHostThatGoesIsStartedAgainWithBackOffAndReopensThePage() throws {
        let harness = try makeHarness()
        harness.frames(2)
        let first = try XCTUnwrap(hosts.first)
        let gone = harness.clock.now
        first.die("the web host exited")
        XCTAssertTrue(first.stopped)
        XCTAssertEqual(harness.log.lines.filter { $0.contains("web: the web host exited; starting it again in 1 s") }.count, 1,
                       harness.log.lines.joined(separator: "\n"))
        harness.clock.advance(to: gone + 0.99)
        XCTAssertEqual(hosts.count, 1, "not before 1 s")
        XCTAssertTrue(harness.daemon.status.contains("web: host restarting"), harness.daemon.status)
        harness.clock.advance(to: gone + 1.0)
        XCTAssertEqual(hosts.count, 2, "started again after 1 s")
        let second = hosts[1]
        XCTAssertEqual(second.commands.first, .open(view: try openedView(second), width: 120, height: 80, url: "https://rooms.example/12",
                                                    allow: [], maxFps: 30), "the page is opened again")

        let again = harness.clock.now
        second.die("the web host closed its socket")
        harness.clock.advance(to: again + 1.99)
        XCTAssertEqual(hosts.count, 2, "the second time: 2 s")
        harness.clock.advance(to: again + 2.0)
        XCTAssertEqual(hosts.count, 3)

        // A host that cannot start at all is tried again too, later each time.
        failLaunches = true
        hosts[2].die("gone")
        harness.clock.advance(to: harness.clock.now + 4)
        XCTAssertTrue(harness.log.contains("cannot start the web host"), harness.log.lines.joined(separator: "\n"))
        XCTAssertTrue(harness.log.contains("starting it again in 8 s"), harness.log.lines.joined(separator: "\n"))
    }

    func testAHostOfAnotherProtocolVersionIsRefused() throws {
        let harness = try makeHarness()
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        host.tell(.hello(version: WebProtocol.version + 1, pid: 42))
        XCTAssertTrue(host.stopped)
        XCTAssertTrue(harness.log.contains("the web host speaks protocol \(WebProtocol.version + 1), this daemon \(WebProtocol.version)"),
                      harness.log.lines.joined(separator: "\n"))
    }

    func testAProcessGoneIsReloadedAfterItsBackOff() throws {
        let harness = try makeHarness()
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        let gone = harness.clock.now
        host.tell(.processGone(view: view, reason: "crashed"))
        XCTAssertTrue(harness.log.contains("web: page https://rooms.example/12: its web process went (crashed); reloading in 1 s"))
        harness.clock.advance(to: gone + 0.9)
        XCTAssertFalse(host.commands.contains(.reload(view: view)))
        harness.clock.advance(to: gone + 1)
        XCTAssertEqual(host.commands.last, .reload(view: view))
    }

    func testAPageThatDoesNotLoadShowsTheBackgroundAndTheReason() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        try host.giveBuffers(view: view, width: 120, height: 80)
        host.draw(view: view, colour: 0xFFE0_2010)
        harness.frame()
        XCTAssertEqual(harness.daemon.lastUprightFrame[100, 70] & 0xFF_FFFF, 0xE0_2010)
        host.tell(.loadFailed(view: view, url: "https://rooms.example/12", reason: "Could not resolve host"))
        harness.frame()
        XCTAssertEqual(harness.daemon.lastUprightFrame[100, 70] & 0xFF_FFFF, 0x20_3040, "the screen's background shows")
        XCTAssertTrue(harness.log.contains("web: page https://rooms.example/12 did not load: Could not resolve host"),
                      harness.log.lines.joined(separator: "\n"))
        host.tell(.refused(view: view, url: "https://elsewhere.example/x.js"))
        host.tell(.refused(view: view, url: "https://elsewhere.example/x.js"))
        XCTAssertEqual(harness.log.lines.filter { $0.contains("refused https://elsewhere.example/x.js") }.count, 1, "logged once per url")
    }

    func testADarkPanelHidesThePageAndAReloadReopensItsPagesOnTheSameHost() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("web", animated: false)
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        harness.daemon.blank()
        XCTAssertEqual(host.commands.last, .visible(view: view, on: false), "hidden as the panel goes dark")
        harness.daemon.wake()
        harness.frames(2)
        XCTAssertEqual(host.commands.last { if case .visible = $0 { true } else { false } }, .visible(view: view, on: true))

        try harness.rewriteConfig(Self.config.replacingOccurrences(of: "max-fps = 30", with: "max-fps = 10"))
        harness.daemon.reload()
        harness.frames(2)
        XCTAssertEqual(hosts.count, 1, "the same host")
        XCTAssertTrue(host.commands.contains(.close(view: view)), "the replaced scene's page is closed")
        let reopened = host.commands.compactMap { command -> UInt32? in
            if case .open(let id, 120, 80, "https://rooms.example/12", [], 10) = command { return id } else { return nil }
        }
        XCTAssertEqual(reopened.count, 1, "the new scene's page is opened: \(host.commands)")
        XCTAssertNotEqual(reopened.first, view)

        try harness.rewriteConfig(Self.config.replacingOccurrences(of: "type = \"web\"", with: "type = \"color\"")
            .replacingOccurrences(of: "url = \"https://rooms.example/{room}\"\n  max-fps = 30", with: ""))
        harness.daemon.reload()
        harness.frames(2)
        XCTAssertTrue(host.stopped, "no page left: the host is stopped")
        XCTAssertFalse(harness.daemon.status.contains("web: "), harness.daemon.status)
    }

    func testAValueInTheUrlNavigatesThePage() throws {
        let harness = try makeHarness()
        harness.frames(2)
        let host = try XCTUnwrap(hosts.first)
        let view = try openedView(host)
        try harness.daemon.setValue("room", to: "14 b")
        harness.frames(1)
        XCTAssertEqual(host.commands.last, .navigate(view: view, url: "https://rooms.example/14%20b"))
    }
}
