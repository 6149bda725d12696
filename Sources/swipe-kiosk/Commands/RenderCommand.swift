import ArgumentParser
import Foundation
import KioskCompositor
import KioskConfig
import KioskEngine
import KioskOptions
import KioskRuntime

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compose a config's screens at rest, as the panel shows them, to PNG files.",
        discussion: "The camera is replaced by its fallback picture (or the pattern) at a fixed time, so the output is reproducible.")

    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: "Only this screen; --out is then the PNG file.")
    var screen: String?

    @Option(name: .long, help: "The display size WxH (default: [display] mode, else size).")
    var size: String?

    @Option(name: .long, help: "The display rotation in degrees: 0, 90, 180 or 270 (default: [display] rotation).")
    var rotation: Int?

    @Option(name: .long, help: "Write the transition between two screens (FROM:TO) as frames, an animated GIF and a sheet into --out.")
    var swipe: String?

    @Option(name: .long, help: "A PNG file with --screen; otherwise a folder that gets NAME.png per screen.")
    var out: String

    @Option(name: .long, help: "Render this [[display.output]]'s deck (by its connector) at its size and rotation.")
    var output: String?

    @Flag(name: .long, help: "Write the display's buffer as scanned out (turned by the rotation) instead of upright.")
    var scanout = false

    func validate() throws {
        if let size, PixelSize(parsing: size) == nil { throw ValidationError("--size \"\(size)\" must be WxH, e.g. 800x480") }
        if let rotation, Rotation(rawValue: rotation) == nil { throw ValidationError("--rotation takes 0, 90, 180 or 270, not \(rotation)") }
        if screen != nil, swipe != nil { throw ValidationError("--screen and --swipe cannot be used together") }
        if output != nil, size != nil || rotation != nil {
            throw ValidationError("--output renders at the output's own size and rotation; leave out --size and --rotation")
        }
    }

    func run() throws {
        let configuration: KioskConfiguration
        do {
            configuration = try configOption.source.load()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode.failure
        }
        do {
            var renderer = try output.map { try ScreenRenderer(configuration: configuration, output: $0) }
                ?? ScreenRenderer(configuration: configuration, size: size.flatMap(PixelSize.init(parsing:)),
                                  rotation: rotation.flatMap(Rotation.init(rawValue:)))
            renderer.scanout = scanout
            let runner = RenderRunner(renderer: renderer)
            if let swipe {
                let recorder = try runner.renderSwipe(swipe, into: out)
                print("render: \(recorder.frameCount) frames in \(recorder.framesDirectory)/, preview \(recorder.previewPath), sheet \(recorder.sheetPath)")
            } else if let screen {
                try runner.renderScreen(screen, to: out)
                print("render: \(out)")
            } else {
                for path in try runner.renderAllScreens(into: out) { print("render: \(path)") }
            }
        } catch {
            FileHandle.standardError.write(Data("render: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
