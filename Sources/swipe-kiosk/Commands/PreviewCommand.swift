import ArgumentParser
import Foundation
import KioskConfig
import KioskRuntime

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a config in a desktop window, running the whole engine, and reload it on every save.",
        discussion: "The mouse is a one-finger touchscreen; the arrow keys go to the previous and next screen. A save with errors keeps the last good screens and shows the errors over them.")

    @OptionGroup var configOption: ConfigOption

    func run() throws {
        guard let config = configOption.source.resolvedPath else {
            throw ValidationError("preview shows a config file and reloads it on every save: pass --config FILE")
        }
        let session: PreviewSession
        do {
            session = try PreviewSession(configPath: config) { line in
                // Written at once, unbuffered: a pipe sees each line as it happens.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode.failure
        } catch {
            FileHandle.standardError.write(Data("preview: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let status = try session.run()
        if status != 0 { throw ExitCode(status) }
    }
}
