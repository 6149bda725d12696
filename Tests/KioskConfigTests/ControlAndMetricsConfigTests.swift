import XCTest
@testable import KioskConfig

/// `[control]` and `[metrics]`: the D-Bus bus and the Prometheus textfile.
final class ControlAndMetricsConfigTests: XCTestCase {
    func testDefaultsAreTheSystemBusAndNoTextfile() throws {
        let configuration = try XCTUnwrap(loadValid(""))
        XCTAssertEqual(configuration.control.bus, .system)
        XCTAssertNil(configuration.metrics.textfile)
        XCTAssertEqual(configuration.metrics.interval, 15)
    }

    func testEverySettingReads() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [control]
            bus = "session"
            [metrics]
            textfile = "/var/lib/prometheus/node-exporter/swipe_kiosk.prom"
            interval = 30
            """))
        XCTAssertEqual(configuration.control.bus, .session)
        XCTAssertEqual(configuration.metrics.textfile, "/var/lib/prometheus/node-exporter/swipe_kiosk.prom")
        XCTAssertEqual(configuration.metrics.interval, 30)
        XCTAssertEqual(try XCTUnwrap(loadValid("[control]\nbus = \"none\"\n")).control.bus, ControlBus.none)
    }

    func testBadValuesAreReportedWithLineAndColumn() {
        let found = diagnostics("""
            [control]
            bus = "dbus"
            [metrics]
            textfile = "relative.prom"
            interval = 0
            port = 9100
            """)
        XCTAssertEqual(found.count, 4, "\(found)")
        XCTAssertTrue(found[0].hasPrefix("kiosk.toml:2:7: "), found[0])
        XCTAssertTrue(found[0].contains("system") && found[0].contains("session") && found[0].contains("none"), found[0])
        XCTAssertTrue(found[1].hasPrefix("kiosk.toml:4:12: ") && found[1].contains("expected an absolute path ending in .prom"), found[1])
        XCTAssertTrue(found[2].hasPrefix("kiosk.toml:5:12: "), found[2])
        XCTAssertTrue(found[3].hasPrefix("kiosk.toml:6:1: unknown key 'port' in [metrics]"), found[3])
    }
}
