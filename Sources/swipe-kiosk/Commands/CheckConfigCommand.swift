import ArgumentParser
import KioskCamera
import KioskConfig

struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Report every problem in a config file as FILE:LINE:COLUMN: message.")

    @Argument(help: "The config file to check.")
    var file: String

    func run() throws {
        let check = ConfigurationCheck(path: file, probeVideo: VideoProbe.problem(with:))
        print(check.report)
        if !check.isValid { throw ExitCode(1) }
    }
}
