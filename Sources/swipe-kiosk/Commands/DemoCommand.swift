import ArgumentParser
import KioskRuntime

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in demo swipe headless: PNG frames, an animated preview and a contact sheet.")

    @Option(name: .long, help: "The folder to write to (created if missing).")
    var out: String = "demo-out"

    func run() throws {
        let report = try DemoRunner(outputDirectory: out).run()
        print(report.lines.joined(separator: "\n"))
    }
}
