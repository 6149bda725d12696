import ArgumentParser
import KioskCompositor
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
        let bench: CompositorBench
        do {
            bench = try CompositorBench(size: size)
        } catch {
            throw ValidationError("\(error)")
        }
        let report = KioskBenchmark(compositorBench: bench).run()
        print(json ? report.json : report.text)
    }
}
