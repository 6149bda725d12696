import ArgumentParser
import Foundation
import Glibc
import KioskInput
import KioskRuntime

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touchscreen as an evemu file for `simulate --replay` (Ctrl-C stops).")

    @Argument(help: "The evdev device, e.g. /dev/input/event3.")
    var device: String

    @Option(name: .long, help: "Write the recording here instead of standard output.")
    var out: String?

    func run() throws {
        let output: FileHandle
        if let out {
            guard FileManager.default.createFile(atPath: out, contents: nil), let handle = FileHandle(forWritingAtPath: out) else {
                throw ValidationError("cannot write \(out): check the directory exists and is writable")
            }
            output = handle
        } else {
            output = .standardOutput
        }
        // Ctrl-C and SIGTERM end the recording cleanly, with everything written.
        let signals = try SignalSource(signals: [SIGINT, SIGTERM])
        let recorder = try TouchRecorder(devicePath: device, output: output)
        try recorder.run(stopDescriptor: signals.fileDescriptor)
        if let out { FileHandle.standardError.write(Data("recorded \(device) to \(out)\n".utf8)) }
    }
}
