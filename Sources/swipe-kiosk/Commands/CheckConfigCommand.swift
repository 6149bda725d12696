import ArgumentParser
import KioskCamera
import KioskCompositor
import KioskConfig
import KioskRuntime

struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Report every problem in a config file as FILE:LINE:COLUMN: message.",
        discussion: "Every picture the config names must exist and be a PNG or JPEG within the size limit; --deep decodes each one whole. A font family that is not installed is a warning naming the font drawn instead.")

    @Argument(help: "The config file to check.")
    var file: String

    @Flag(name: .long, help: "Decode every picture whole, as the daemon will (slower), not only its header.")
    var deep = false

    func run() throws {
        let decode: ((String) -> String?)? = deep ? { path in
            do {
                _ = try ImageDecoder.decode(contentsOf: path)
                return nil
            } catch let error as ImageDecodingError {
                return error.reason
            } catch {
                return "\(error)"
            }
        } : nil
        let decodeSound: ((String) -> String?)? = deep ? { GStreamerSoundSink.problem(with: $0) } : nil
        let check = ConfigurationCheck(path: file, decodePicture: decode, fontSubstitute: FontSubstitution.substitute(for:),
                                       probeVideo: VideoProbe.problem(with:), decodeSound: decodeSound)
        print(check.report)
        if !check.isValid { throw ExitCode(1) }
    }
}
