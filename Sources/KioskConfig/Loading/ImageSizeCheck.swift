import Foundation
import KioskEngine

/// `check-config`'s look at the pictures a valid configuration names: a header declaring more
/// pixels than the decoders accept is reported at the `path` key, as the daemon would refuse it.
///
/// Missing or unreadable files are left to the run, which reports them and carries on.
struct ImageSizeCheck {
    let fileName: String
    let locator: SourceLocator

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        for (index, screen) in configuration.screens.enumerated() {
            let elements = ConfigPath.root.appending("screen").appending(index: index).appending("element")
            check(screen.elements, at: elements, into: &found)
        }
        if let path = configuration.camera.path {
            for picture in Self.pictures(at: path) {
                report(picture, key: ConfigPath.root.appending("camera").appending("path"), into: &found)
            }
        }
        return found
    }

    private func check(_ elements: [ElementConfiguration], at path: ConfigPath, into found: inout [ConfigDiagnostic]) {
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            switch element.kind {
            case .image(let image):
                report(image.path, key: elementPath.appending("path"), into: &found)
            case .scroll(let scroll):
                check(scroll.content, at: elementPath.appending("content"), into: &found)
            case .color, .gradient, .text, .card, .button:
                break
            }
        }
    }

    private func report(_ picture: String, key: ConfigPath, into found: inout [ConfigDiagnostic]) {
        let problem: String
        if let kind = RegularFile.irregularKind(of: picture), kind != "a directory" {
            // Opening a FIFO to read its header would hang check-config (and the daemon).
            problem = "is \(kind), not a picture file; name a PNG or JPEG file"
        } else if let tooLarge = ImageFileHeader(contentsOf: picture)?.sizeProblem {
            problem = tooLarge
        } else {
            return
        }
        found.append(ConfigDiagnostic(file: fileName, position: locator.valuePosition(of: key) ?? SourcePosition(line: 1, column: 1),
                                      message: "\(key): \(picture): \(problem)"))
    }

    /// The file itself, or a folder's pictures as the slideshow shows them.
    private static func pictures(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter(ImageFileHeader.isPictureName).sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
