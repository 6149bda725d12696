import Foundation

/// An evemu recording (`# EVEMU 1.3`): a device description and/or a stream of timestamped events.
public struct EvemuRecording: Hashable, Sendable {
    /// Nil when the file holds events only; see `load(events:description:)` for the .desc fallback.
    public var description: InputDeviceDescription?
    public var events: [RawInputEvent]

    public init(description: InputDeviceDescription?, events: [RawInputEvent]) {
        self.description = description
        self.events = events
    }

    /// The events timed from the first at 0, as a replay plays them. A parsed recording's times are
    /// already bounded (see `EvemuParser`); one built in code is held to the same bounds here, so no
    /// replay can wait forever or trap: a time that is not finite or goes back takes the previous
    /// one, and none lies more than `EvemuParser.maximumTimeSpan` after the first.
    public var replayEvents: [RawInputEvent] {
        let first = events.first.map { $0.time.isFinite ? $0.time : 0 } ?? 0
        var previous = 0.0
        return events.map { event in
            var timed = event
            let offset = event.time - first
            timed.time = offset.isNaN ? previous : min(max(offset, previous), EvemuParser.maximumTimeSpan)
            previous = timed.time
            return timed
        }
    }

    /// Reads and parses one evemu file.
    public static func load(contentsOf url: URL) throws -> EvemuRecording {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw EvemuParseError(file: url.path, line: 0,
                                  message: "cannot be read (\(error.localizedDescription)); check the path")
        }
        return try EvemuParser.parse(text, file: url.path)
    }

    /// Reads an events file and makes sure it comes with a description: the one in `descriptionFile`
    /// when given (e.g. `--device x.desc`), else its own, else a `.desc` beside it named after its
    /// first dot-separated parts (`wacom.single-tap.events` finds `wacom.desc`).
    public static func load(events url: URL, description descriptionFile: URL? = nil) throws -> EvemuRecording {
        var recording = try load(contentsOf: url)
        if recording.description != nil && descriptionFile == nil { return recording }
        guard let descriptionURL = descriptionFile ?? siblingDescription(for: url) else {
            throw EvemuParseError(file: url.path, line: 0,
                                  message: "has no device description (N:/I:/P:/B:/A: lines) and no .desc file beside it; pass the device's .desc file")
        }
        let description = try load(contentsOf: descriptionURL)
        guard let found = description.description else {
            throw EvemuParseError(file: descriptionURL.path, line: 0,
                                  message: "holds no device description (N:/I:/P:/B:/A: lines); record one with `swipe-kiosk record`")
        }
        recording.description = found
        return recording
    }

    /// The longest-named existing `<prefix>.desc` beside `eventsURL`, if any.
    public static func siblingDescription(for eventsURL: URL) -> URL? {
        let directory = eventsURL.deletingLastPathComponent()
        var parts = eventsURL.lastPathComponent.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            let candidate = directory.appendingPathComponent(parts.joined(separator: ".") + ".desc")
            if candidate != eventsURL, FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            parts.removeLast()
        }
        return nil
    }
}
