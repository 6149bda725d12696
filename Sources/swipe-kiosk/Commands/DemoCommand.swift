import ArgumentParser
import KioskConfig
import KioskEngine
import KioskRuntime

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in demo swipe (on the built-in demo or --config) headless: PNG frames, an animated preview and a contact sheet.")

    @Option(name: .long, help: "The folder to write to (created if missing).")
    var out: String = "demo-out"

    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: "Show another transition style: overlap, slide, fade, flip, cube, zoom or panel.")
    var style: String?

    func run() throws {
        var configuration = try configOption.source.load()
        if let style {
            guard let chosen = TransitionStyle(rawValue: style) else {
                throw ValidationError("--style takes one of \(TransitionStyle.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(style)\"")
            }
            configuration.transition.style = chosen
        }
        let report = try DemoRunner(outputDirectory: out, configuration: configuration).run()
        print(report.lines.joined(separator: "\n"))
    }
}
