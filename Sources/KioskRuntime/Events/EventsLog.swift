import Foundation
import KioskEngine

/// The JSON-lines log of what happened, on the run's clock (`t` in milliseconds):
/// touches, transitions began and ended, and one `frame` line per vsync at which something changed.
/// `simulate` and `run --events-log` write the same lines; tests and the end-to-end harness read them.
public final class EventsLog {
    private let handle: FileHandle?
    private var buffered = ""
    /// The lines written so far, kept when `keepsLines` (tests and summaries read them).
    public private(set) var lines: [String] = []
    private let keepsLines: Bool

    /// - Parameters:
    ///   - path: the file to write, replaced if it exists; nil keeps the lines in memory only.
    public init(path: String?, keepsLines: Bool = false) throws {
        self.keepsLines = keepsLines || path == nil
        if let path {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            handle = FileHandle(forWritingAtPath: path)
        } else {
            handle = nil
        }
    }

    deinit {
        flush()
    }

    public func touchDown(t: Double, id: Int, x: Double, y: Double) {
        write(["\"t\":\(Self.number(t, places: 1))", "\"type\":\"touch-down\"", "\"id\":\(id)",
               "\"x\":\(Self.number(x, places: 1))", "\"y\":\(Self.number(y, places: 1))"])
    }

    public func touchUp(t: Double, id: Int, x: Double, y: Double, cancelled: Bool = false) {
        var fields = ["\"t\":\(Self.number(t, places: 1))", "\"type\":\"touch-up\"", "\"id\":\(id)",
                      "\"x\":\(Self.number(x, places: 1))", "\"y\":\(Self.number(y, places: 1))"]
        if cancelled { fields.append("\"cancelled\":true") }
        write(fields)
    }

    /// A touch landing or lifting, at `t` milliseconds on the run's clock; moves are not logged.
    public func touch(_ touch: TouchEvent, t: Double) {
        let (x, y) = (touch.location.x, touch.location.y)
        switch touch.phase {
        case .began: touchDown(t: t, id: touch.id, x: x, y: y)
        case .ended: touchUp(t: t, id: touch.id, x: x, y: y)
        case .cancelled: touchUp(t: t, id: touch.id, x: x, y: y, cancelled: true)
        case .moved: break
        }
    }

    public func transitionBegan(t: Double, from: Int, to: Int, interactive: Bool) {
        write(["\"t\":\(Self.number(t, places: 1))", "\"type\":\"transition-began\"", "\"from\":\(from)",
               "\"to\":\(to)", "\"interactive\":\(interactive)"])
    }

    public func transitionEnded(t: Double, from: Int, to: Int, completed: Bool) {
        write(["\"t\":\(Self.number(t, places: 1))", "\"type\":\"transition-ended\"", "\"from\":\(from)",
               "\"to\":\(to)", "\"completed\":\(completed)"])
    }

    /// - Parameter composeMilliseconds: how long the frame took to compose, where it was timed
    ///   on a real clock (`run`); nil on a virtual one (`simulate`).
    public func frame(t: Double, sequence: UInt64, screen: Int, progress: Double?, composeMilliseconds: Double? = nil) {
        var fields = ["\"t\":\(Self.number(t, places: 1))", "\"type\":\"frame\"", "\"seq\":\(sequence)", "\"screen\":\(screen)"]
        if let progress { fields.append("\"progress\":\(Self.number(progress, places: 4))") }
        if let composeMilliseconds { fields.append("\"compose_ms\":\(Self.number(composeMilliseconds, places: 3))") }
        write(fields)
    }

    /// Writes what is buffered; called at exit and by the run loop when idle.
    public func flush() {
        guard let handle, !buffered.isEmpty else { return }
        handle.write(Data(buffered.utf8))
        buffered = ""
    }

    private func write(_ fields: [String]) {
        let line = "{" + fields.joined(separator: ",") + "}"
        if keepsLines { lines.append(line) }
        if handle != nil {
            buffered += line + "\n"
            if buffered.utf8.count > 64 * 1024 { flush() }
        }
    }

    /// A JSON number rounded to `places` decimals, always with a fractional part ("60.0").
    static func number(_ value: Double, places: Int) -> String {
        let scale = pow(10, Double(places))
        let rounded = (value * scale).rounded() / scale
        let text = "\(rounded == 0 ? 0 : rounded)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
