import Foundation
import KioskEngine

/// `check-config`'s look at the videos a configuration names (`[camera] path` for `source = "video"`,
/// and each video element's `path`): a missing file or folder, or one GStreamer cannot play, is an
/// error (the daemon itself starts, shows the fallback or a black box, and plays the file once it
/// appears). So is a FIFO, a device or an unknown URI scheme, told without opening anything
/// (`VideoLocation`). Stream URIs are not reached: the network may come later.
struct VideoPathCheck {
    let fileName: String
    let locator: SourceLocator
    /// What stops an existing file or folder from playing, or nil.
    let probe: (String) -> String?

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        if configuration.camera.source == .video, let path = configuration.camera.path,
           let problem = problem(with: path, shown: "the daemon shows the fallback") {
            found.append(diagnostic(problem, path: path, key: ConfigPath.root.appending("camera").appending("path")))
        }
        for (index, screen) in configuration.screens.enumerated() {
            check(screen.elements, at: ConfigPath.root.appending("screen").appending(index: index).appending("element"),
                  into: &found)
        }
        return found
    }

    private func check(_ elements: [ElementConfiguration], at path: ConfigPath, into found: inout [ConfigDiagnostic]) {
        for (index, element) in elements.enumerated() {
            switch element.kind {
            case .video(let video):
                if let problem = problem(with: video.path, shown: "the element shows a black box") {
                    found.append(diagnostic(problem, path: video.path, key: path.appending(index: index).appending("path")))
                }
            case .scroll(let scroll):
                check(scroll.content, at: path.appending(index: index).appending("content"), into: &found)
            case .color, .gradient, .image, .text, .card, .button, .web:
                break
            }
        }
    }

    /// Why the video at `path` cannot play, or nil; a stream URI is not reached.
    private func problem(with path: String, shown: String) -> String? {
        let missing = "no such video file or folder; \(shown) until it appears"
        if let problem = VideoLocation.problem(with: path, missing: missing) {
            return problem == missing ? missing : "\(problem); \(shown) instead"
        }
        if let scheme = VideoLocation.scheme(of: path), scheme != "file" { return nil }
        return probe(path).map { "\($0); \(shown) instead" }
    }

    private func diagnostic(_ problem: String, path: String, key: ConfigPath) -> ConfigDiagnostic {
        ConfigDiagnostic(file: fileName, position: locator.valuePosition(of: key) ?? SourcePosition(line: 1, column: 1),
                         message: "\(key): \(path): \(problem)")
    }
}
