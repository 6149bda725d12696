import Foundation
import XCTest
@testable import KioskConfig

/// swipe-kiosk.toml(5) is printed from the keys the checker's readers ask for, so every key a
/// config may hold is in it, with the type, range and default the checker checks it against.
final class ConfigManualPageTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The keys the page lists under each table path (`screen.element`), following "the keys of ... above".
    private func listedKeys(in page: String) -> [String: Set<String>] {
        var listed: [String: Set<String>] = [:]
        var current: String?
        var previous = ""
        func path(ofHeader text: Substring) -> String {
            String(text.prefix { $0 != " " && $0 != "\"" && $0 != "\\" }.filter { $0 != "[" && $0 != "]" })
        }
        for line in page.replacingOccurrences(of: "\\-", with: "-").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".SS \"") {
                current = path(ofHeader: line.dropFirst(5))
                if current == "top" { current = "" }
                listed[current!, default: []].formUnion([])
            } else if let current, previous == ".TP", line.hasPrefix("\\fB"), let end = line.range(of: "\\fR") {
                listed[current, default: []].insert(String(line[line.index(line.startIndex, offsetBy: 3)..<end.lowerBound]))
            } else if let current, line.hasPrefix("The keys of \\fB") {
                let other = path(ofHeader: line.dropFirst("The keys of \\fB".count))
                listed[current, default: []].formUnion(listed[other] ?? [])
            }
            previous = String(line)
        }
        return listed
    }

    /// Every (table path, key) holding a value in `node`, tables and arrays of tables walked into.
    private func keys(of node: TOMLNode, at path: String = "") -> [(path: String, key: String)] {
        guard case .table(let entries) = node else { return [] }
        return entries.flatMap { key, value -> [(path: String, key: String)] in
            let child = path.isEmpty ? key : "\(path).\(key)"
            switch value {
            case .table:
                return keys(of: value, at: child)
            case .array(let elements) where !elements.isEmpty && elements.allSatisfy({ if case .table = $0 { true } else { false } }):
                return elements.flatMap { keys(of: $0, at: child) }
            default:
                return [(path, key)]
            }
        }
    }

    func testEveryKeyTheExampleConfigsHoldIsListedInItsTable() throws {
        let page = ConfigManualPage.render()
        let listed = listedKeys(in: page)
        let folder = Self.repository.appendingPathComponent("Config")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".toml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 5, "\(files)")
        var configs: [(name: String, text: String)] = [("DemoConfiguration.toml", DemoConfiguration.toml)]
        for name in files {
            configs.append((name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
        }
        var checked = 0
        for (name, text) in configs {
            guard case .success = ConfigurationLoader.parse(text, fileName: name) else {
                XCTFail("\(name) must be a valid config")
                continue
            }
            for (path, key) in keys(of: try TOMLNode.parse(text)) {
                XCTAssertTrue(listed[path]?.contains(key) ?? false, "\(name): \(path.isEmpty ? "top level" : "[\(path)]") \(key) is not in swipe-kiosk.toml(5)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100, "the example configs hold many keys")
    }

    func testEveryKeyHasATypeAndEveryTableTheUnknownKeyCheckKnows() {
        let schema = ConfigSchema.walked()
        for table in schema.tables {
            for key in table.keys {
                XCTAssertNotNil(key.type, "\(table.header) \(key.name) is read without saying its type")
            }
        }
        let paths = Set(schema.tables.map(\.path))
        for path in ["", "display", "display.output", "input", "input.device", "camera", "tabs.tab", "power.schedule", "mqtt",
                     "value", "screen", "screen.element", "screen.element.content"] {
            XCTAssertTrue(paths.contains(path), "[\(path)] is missing from \(paths.sorted())")
        }
        XCTAssertEqual(schema.tables(at: "screen.element").count, ElementType.allCases.count, "one table per element type")
        XCTAssertEqual(schema.tables(at: "value").count, ValueSourceKind.allCases.count, "one table per value source")
    }

    func testAKeyAReaderAsksForAppearsWithItsTypeRangeDefaultAndWhenItApplies() {
        let schema = ConfigSchema.walked()
        let diagnostics = DiagnosticCollector(fileName: "kiosk.toml", text: "")
        let display = TableReader(path: ConfigPath.root.appending("display"), entries: [], diagnostics: diagnostics, schema: schema)
        XCTAssertEqual(display.integer("added-for-the-test", default: 3, in: 1...5), 3)
        display.finishReading()
        let camera = TableReader(path: ConfigPath.root.appending("camera"), entries: [], diagnostics: diagnostics, schema: schema)
        XCTAssertEqual(camera.choice("added-choice", default: ValueSourceKind.file), .file)
        camera.finishReading()
        let page = ConfigManualPage.render(schema)
        XCTAssertTrue(listedKeys(in: page)["display"]?.contains("added-for-the-test") ?? false)
        XCTAssertTrue(page.contains("\\fBadded\\-for\\-the\\-test\\fR\nan integer, 1...5; default 3\n"), page)
        XCTAssertTrue(page.contains("\\fBadded\\-choice\\fR\none of \"dbus\", \"clock\", \"file\", \"command\" or \"mqtt\"; default \"file\"\n"), page)
        XCTAssertTrue(listedKeys(in: page)["camera"]?.contains("added-choice") ?? false)
    }

    func testTheUnknownKeyMessageNamesTheKeysThePageLists() throws {
        let found = ConfigurationLoader.parse("[metrics]\nqqqqqqqqqqqqqqqq = 1\n", fileName: "kiosk.toml")
        guard case .failure(let error) = found else { return XCTFail("an unknown key must be refused") }
        let metrics = try XCTUnwrap(ConfigSchema.walked().tables(at: "metrics").first)
        XCTAssertEqual(error.diagnostics.map(\.message), ["unknown key 'qqqqqqqqqqqqqqqq' in [metrics]; valid keys: "
                                                          + metrics.keys.map(\.name).joined(separator: ", ")])
        XCTAssertFalse(metrics.keys.isEmpty)
    }

    func testEachTableSaysWhetherAReloadAppliesIt() {
        let page = ConfigManualPage.render()
        let restart = "Only a restart applies these keys: a reload keeps their running values and names the ones changed."
        let reload = "A reload applies these keys."
        for table in ["display", "control", "metrics", "mqtt"] {
            XCTAssertTrue(page.contains(".SS \"[\(table)]\"\n\(restart)\n"), "[\(table)]")
        }
        XCTAssertTrue(page.contains(".SS \"[[display.output]]\"\nOnly a restart applies these keys to the first output; "
                                    + "a reload adds, changes and removes the others.\n"))
        XCTAssertTrue(page.contains(".SS \"[power]\"\nA reload applies these keys but \\fBbacklight\\fR, which only a restart applies: "
                                    + "a reload keeps its running value and names it when changed.\n"), page)
        XCTAssertTrue(page.contains("\\fBbacklight\\fR\n\"auto\", \"none\" or a folder such as /sys/class/backlight/NAME; "
                                    + "no default; only a restart applies it\n"), page)
        for table in ["camera", "input", "[screen]"] {
            XCTAssertTrue(page.contains(".SS \"[\(table)]\"\n\(reload)\n"), table)
        }
        XCTAssertTrue(page.contains(".SS \"top level\"\n\(reload)\n"))
    }

    /// The list of start-only keys cannot slip: a key a reader of a start-only table asks for is
    /// named by a reload that changes it, and by the page.
    func testEveryKeyOfAStartOnlyTableIsNamedByTheStartOnlyDefinition() {
        let schema = ConfigSchema.walked()
        for table in StartOnlyKey.tables {
            let keys = schema.tables(at: table).flatMap(\.keys).filter { !$0.isTable }.map(\.name)
            XCTAssertFalse(keys.isEmpty, table)
            XCTAssertEqual(Set(keys), Set(StartOnlyKey.keys(inTable: table)), "[\(table)]")
        }
        for entry in StartOnlyKey.all {
            guard let key = entry.key else { continue }
            XCTAssertTrue(schema.tables(at: entry.table).contains { $0.keys.contains { $0.name == key } }, entry.name)
        }
    }
}
