import ArgumentParser
import KioskRuntime

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure composition as a ratio to a full-frame memcpy, in one process.")

    @Option(name: .long, help: "Frame size WxH.")
    var size: String = "1920x1080"

    @Flag(name: .long, help: "Print one JSON line.")
    var json = false

    func run() throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (16...8192).contains($0) }) else {
            throw ValidationError("--size takes WxH, e.g. 1920x1080 (each side 16...8192), not \"\(size)\"")
        }
        let report = KioskBenchmark(width: parts[0], height: parts[1]).run()
        print(json ? report.json : report.text)
    }
}
