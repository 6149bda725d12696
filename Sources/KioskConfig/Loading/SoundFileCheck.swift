import Foundation

/// `check-config`'s look at the sound files a configuration names (`[sound] tap` and `swipe`,
/// each button's `sound`): a missing or unreadable file is an error at its key; with `--deep`
/// each is decoded too, and one GStreamer cannot decode is an error. (The daemon itself starts
/// without such a sound and logs why.)
struct SoundFileCheck {
    let fileName: String
    let locator: SourceLocator
    /// Decodes a file and says why it cannot be, or nil (`--deep`); nil: the files are only opened.
    let decode: ((String) -> String?)?

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        configuration.soundFiles.compactMap { file in
            guard let problem = problem(with: file.path) else { return nil }
            return ConfigDiagnostic(file: fileName, position: locator.valuePosition(of: file.key) ?? SourcePosition(line: 1, column: 1),
                                    message: "\(file.key): \(file.path): \(problem)")
        }
    }

    /// Why the sound at `path` cannot play, or nil.
    private func problem(with path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return "no such sound file; the kiosk would run without this sound"
        }
        if isFolder.boolValue { return "a folder, not a sound file" }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return "the sound file cannot be read (check its permissions: the daemon's user must be able to read it)"
        }
        try? handle.close()
        return decode?(path).map { "GStreamer cannot decode it: \($0)" }
    }
}
