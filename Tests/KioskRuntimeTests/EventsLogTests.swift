@testable import KioskRuntime
import XCTest

final class EventsLogTests: XCTestCase {
    func testWritesTheDocumentedJSONLines() throws {
        let log = try EventsLog(path: nil)
        log.touchDown(t: 0, id: 0, x: 896, y: 400)
        log.transitionBegan(t: 33.3333, from: 0, to: 1, interactive: true)
        log.frame(t: 50, sequence: 3, screen: 0, progress: 0.42)
        log.frame(t: 400, sequence: 24, screen: 1, progress: nil, composeMilliseconds: 1.25)
        log.transitionEnded(t: 383.3, from: 0, to: 1, completed: true)
        log.touchUp(t: 60, id: 0, x: 500.25, y: 401)
        XCTAssertEqual(log.lines, [
            #"{"t":0.0,"type":"touch-down","id":0,"x":896.0,"y":400.0}"#,
            #"{"t":33.3,"type":"transition-began","from":0,"to":1,"interactive":true}"#,
            #"{"t":50.0,"type":"frame","seq":3,"screen":0,"progress":0.42}"#,
            #"{"t":400.0,"type":"frame","seq":24,"screen":1,"compose_ms":1.25}"#,
            #"{"t":383.3,"type":"transition-ended","from":0,"to":1,"completed":true}"#,
            #"{"t":60.0,"type":"touch-up","id":0,"x":500.3,"y":401.0}"#,
        ])
        for line in log.lines {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), line)
        }
    }

    func testWritesTheFileOnFlush() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try EventsLog(path: path)
        log.transitionEnded(t: 1, from: 2, to: 1, completed: false)
        log.flush()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       #"{"t":1.0,"type":"transition-ended","from":2,"to":1,"completed":false}"# + "\n")
    }
}
