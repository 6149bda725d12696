import Foundation
import KioskEngine

/// `check-config`'s look at the pictures a valid configuration names, each reported at its `path`
/// key as `FILE: why`: a missing or unreadable file, a file that is not a PNG or JPEG, a header
/// declaring more pixels than the decoders accept, and, given a `decode` (`--deep`), anything
/// the decoder refuses in the whole picture. The daemon itself carries on without such a picture.
struct PictureCheck {
    let fileName: String
    let locator: SourceLocator
    /// Decodes the whole picture at a path and says why it cannot be, or nil when it can.
    var decode: ((String) -> String?)?

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        for (index, screen) in configuration.screens.enumerated() {
            let elements = ConfigPath.root.appending("screen").appending(index: index).appending("element")
            check(screen.elements, at: elements, into: &found)
        }
        let camera = configuration.camera
        if let path = camera.path, camera.source == .image || (camera.source == .v4l2 && camera.fallback == .image) {
            let key = ConfigPath.root.appending("camera").appending("path")
            switch Self.pictures(at: path) {
            case .success(let pictures):
                for picture in pictures { report(picture, key: key, into: &found) }
            case .failure(let problem):
                found.append(diagnostic("\(key): \(path): \(problem.message)", key: key))
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
            case .color, .gradient, .text, .card, .button, .video, .web:
                break
            }
        }
    }

    private func report(_ picture: String, key: ConfigPath, into found: inout [ConfigDiagnostic]) {
        guard let problem = problem(with: picture) else { return }
        found.append(diagnostic("\(key): \(picture): \(problem)", key: key))
    }

    private func problem(with picture: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: picture, isDirectory: &isFolder) else {
            return "no such file; the element would show nothing"
        }
        if isFolder.boolValue { return "is a folder, not a picture" }
        // Opening a FIFO to read its header would hang check-config (and the daemon).
        if let kind = RegularFile.irregularKind(of: picture) { return "is \(kind), not a picture file; name a PNG or JPEG file" }
        guard FileManager.default.isReadableFile(atPath: picture) else { return "cannot be read; check its permissions" }
        guard let header = ImageFileHeader(contentsOf: picture) else {
            return "not a PNG or JPEG picture (or its header is damaged); convert it to PNG or JPEG"
        }
        return header.sizeProblem ?? decode?(picture)
    }

    private func diagnostic(_ message: String, key: ConfigPath) -> ConfigDiagnostic {
        ConfigDiagnostic(file: fileName, position: locator.valuePosition(of: key) ?? SourcePosition(line: 1, column: 1),
                         message: message)
    }

    private struct Problem: Error { var message: String }

    /// The file itself, or a folder's pictures as the slideshow shows them.
    private static func pictures(at path: String) -> Result<[String], Problem> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return .failure(Problem(message: "no such file or folder; the fallback would show instead"))
        }
        guard isFolder.boolValue else { return .success([path]) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let pictures = names.filter(ImageFileHeader.isPictureName).sorted().map { (path as NSString).appendingPathComponent($0) }
        return pictures.isEmpty ? .failure(Problem(message: "the folder holds no .png, .jpg or .jpeg files")) : .success(pictures)
    }
}
