import Foundation
import Glibc
import KioskProcessSupport
import XCTest

/// The shipped D-Bus policy (systemd/org.swipekiosk.Kiosk1.conf) on a private bus configured like
/// the system bus, and the unit's hardening score.
final class ControlPolicyTests: XCTestCase {
    private var directory: URL!
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A system bus's default policy (deny method calls unless allowed), then the shipped file.
    private func systemLikeBusConfig() -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=\(directory.path)/system_bus_socket</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <deny own="*"/>
            <deny send_type="method_call"/>
            <allow send_type="signal"/>
            <allow send_requested_reply="true" send_type="method_return"/>
            <allow send_requested_reply="true" send_type="error"/>
            <allow receive_type="method_call"/>
            <allow receive_type="method_return"/>
            <allow receive_type="error"/>
            <allow receive_type="signal"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Peer"/>
          </policy>
          <include>\(Self.repository.appendingPathComponent("systemd/org.swipekiosk.Kiosk1.conf").path)</include>
        </busconfig>
        """
    }

    func testAsRootCreatesTheSwipeKioskUserAndOnlyRootAndItsGroupMayUseTheInterfaceAndOnlyItsUserOwnsTheName() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root: it creates the swipe-kiosk user and changes uids with setpriv") }
        guard let setpriv = Command.find("setpriv"), let sysusers = Command.find("systemd-sysusers") else {
            throw XCTSkip("setpriv (util-linux) or systemd-sysusers (systemd) is missing")
        }
        // The shipped sysusers file creates the user and group (nothing when they exist).
        let created = try Command.run(sysusers, [Self.repository.appendingPathComponent("systemd/swipe-kiosk.sysusers").path])
        XCTAssertEqual(created.status, 0, created.error)
        guard let group = getgrnam("swipe-kiosk")?.pointee.gr_gid else { return XCTFail("the sysusers file made no swipe-kiosk group") }

        let configFile = directory.appendingPathComponent("bus.conf").path
        try systemLikeBusConfig().write(toFile: configFile, atomically: true, encoding: .utf8)
        let bus = try PrivateBus(configFile: configFile)
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try ControlBusTests.config.replacingOccurrences(of: "bus = \"session\"", with: "bus = \"system\"")
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        chmod(configPath, 0o644)
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": bus.address]

        // Another user may not own the name.
        let nobody = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        let intruder = try KioskProcess(configPath: configPath, environment: environment, prefix: nobody)
        XCTAssertTrue(KioskProcess.wait { intruder.log.contains("D-Bus:") }, intruder.log)
        XCTAssertTrue(intruder.log.contains("cannot own org.swipekiosk.Kiosk1"), intruder.log)
        XCTAssertNil(try bus.property("CurrentScreen"))

        let service = [setpriv, "--reuid=swipe-kiosk", "--regid=swipe-kiosk", "--init-groups"]
        let kiosk = try KioskProcess(configPath: configPath, environment: environment, prefix: service)
        XCTAssertTrue(KioskProcess.wait { (try? bus.property("CurrentScreen")) as? String == "first" },
                      "root reads the properties of the kiosk run as swipe-kiosk: \(kiosk.log)")

        // Everyone else: denied, properties and methods alike.
        let denied = try bus.call("GoTo", ["sb", "second", "false"], asUser: nobody)
        XCTAssertNotEqual(denied.status, 0)
        XCTAssertTrue(denied.error.contains("denied") || denied.error.contains("rejected"), denied.error)
        XCTAssertNil(try bus.property("CurrentScreen", asUser: nobody))
        XCTAssertEqual(try bus.property("CurrentScreen") as? String, "first", "the denied call changed nothing")

        // The same uid in the swipe-kiosk group: allowed.
        let member = [setpriv, "--reuid=65534", "--regid=65534", "--groups=\(group)"]
        XCTAssertEqual(try bus.property("CurrentScreen", asUser: member) as? String, "first")
        let allowed = try bus.call("GoTo", ["sb", "second", "false"], asUser: member)
        XCTAssertEqual(allowed.status, 0, allowed.error)
        XCTAssertEqual(try bus.property("CurrentScreen") as? String, "second")
    }

    func testTheUnitStaysAtAnExposureOfTwoOrLess() throws {
        guard let analyze = Command.find("systemd-analyze") else { throw XCTSkip("systemd-analyze is missing (Debian's systemd)") }
        let unit = Self.repository.appendingPathComponent("systemd/swipe-kiosk.service").path
        let result = try Command.run(analyze, ["security", "--offline=true", unit])
        let line = result.output.split(separator: "\n").first { $0.contains("Overall exposure level") } ?? ""
        guard let score = line.split(separator: ":").last?.split(separator: " ").first.flatMap({ Double($0) }) else {
            return XCTFail("no exposure level in:\n\(result.output)\(result.error)")
        }
        XCTAssertLessThanOrEqual(score, 2.0, String(line))
        let text = try String(contentsOfFile: unit, encoding: .utf8)
        XCTAssertTrue(text.contains("\nUser=swipe-kiosk\n") && text.contains("\nDynamicUser=yes\n"), "the policy names this user")
    }
}
