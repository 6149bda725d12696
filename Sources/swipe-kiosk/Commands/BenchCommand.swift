import ArgumentParser
import KioskCompositor
import KioskEngine
import KioskRuntime

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure composition as a ratio to a full-frame memcpy, in one process.")

    @Option(name: .long, help: "Frame size WxH.")
    var size: String = "1920x1080"

    @Flag(name: .long, help: "Print one JSON line.")
    var json = false

    @Option(name: .long, help: "Time only this transition style: overlap, slide, fade, flip, cube, zoom or panel.")
    var style: String?

    func run() throws {
        var bench: CompositorBench
        do {
            bench = try CompositorBench(size: size)
        } catch {
            throw ValidationError("\(error)")
        }
        if let style {
            guard let chosen = KioskEngine.TransitionStyle(rawValue: style) else {
                throw ValidationError("--style takes one of \(KioskEngine.TransitionStyle.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(style)\"")
            }
            bench.styles = [chosen]
        }
        let report = KioskBenchmark(compositorBench: bench).run()
        print(json ? report.json : report.text)
    }
}
