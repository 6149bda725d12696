import ArgumentParser
import Foundation
import KioskConfig
import KioskEngine
import KioskRuntime
import KioskTouch

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay an evemu recording through the whole engine on a virtual 60 Hz clock.")

    @Option(name: .long, help: "An evemu recording (# EVEMU 1.3).")
    var replay: String

    @Option(name: .long, help: "The device's .desc file, when the recording has no description.")
    var device: String?

    @OptionGroup var configOption: ConfigOption

    @Option(name: .customLong("events-log"), help: "Write the events as JSON lines to this file ('-' for standard output).")
    var eventsLog: String?

    func run() throws {
        let started = MonotonicClock.now()
        let configuration = try configOption.source.load()
        let recording = try EvemuRecording.load(events: URL(fileURLWithPath: replay),
                                                description: device.map { URL(fileURLWithPath: $0) })
        let log = try EventsLog(path: eventsLog == "-" ? nil : eventsLog)
        let simulator = try Simulator(configuration: configuration, recording: recording, eventsLog: log)
        let summary = simulator.run()
        if eventsLog == "-" {
            print(log.lines.joined(separator: "\n"))
        }
        let device = recording.description?.name ?? "unknown device"
        let report = ["simulate: \(replay) (\(device))"] + summary.lines
            + ["took \(String(format: "%.0f", (MonotonicClock.now() - started) * 1000)) ms of real time"]
        // The summary goes to stderr when stdout carries the events.
        let text = report.joined(separator: "\n") + "\n"
        if eventsLog == "-" {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            print(text, terminator: "")
        }
    }
}
