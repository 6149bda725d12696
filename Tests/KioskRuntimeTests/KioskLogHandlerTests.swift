@testable import KioskRuntime
import XCTest

final class KioskLogHandlerTests: XCTestCase {
    func testJournalLinesCarryTheSyslogPriority() {
        XCTAssertEqual(KioskLogHandler.format(level: .error, label: "kiosk", message: "camera lost", toJournal: true), "<3>camera lost")
        XCTAssertEqual(KioskLogHandler.format(level: .warning, label: "kiosk", message: "x", toJournal: true), "<4>x")
        XCTAssertEqual(KioskLogHandler.format(level: .info, label: "kiosk", message: "x", toJournal: true), "<6>x")
    }

    func testEveryLineOfAMultiLineMessageCarriesThePriority() {
        let message = "/etc/swipe-kiosk/kiosk.toml not applied:\n/etc/swipe-kiosk/kiosk.toml:3:12: expected a value"
        XCTAssertEqual(KioskLogHandler.format(level: .error, label: "kiosk", message: message, toJournal: true),
                       "<3>/etc/swipe-kiosk/kiosk.toml not applied:\n<3>/etc/swipe-kiosk/kiosk.toml:3:12: expected a value")
    }

    func testTerminalLinesAreReadableText() {
        let line = KioskLogHandler.format(level: .info, label: "kiosk", message: "ready", toJournal: false)
        XCTAssertTrue(line.hasSuffix(" INFO kiosk: ready"), line)
        XCTAssertFalse(line.hasPrefix("<"))
    }

    func testStderrIsTheJournalOnlyWhenJournalStreamMatchesIt() {
        XCTAssertFalse(KioskLogHandler.stderrIsJournal(environment: [:]))
        XCTAssertFalse(KioskLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "0:1"]))
    }
}
