import Foundation
import KioskEngine

/// What `[camera] path` names for `source = "video"`: a stream URI, a file, or a folder whose files
/// play in name order (`VideoLocation` says which are allowed).
enum VideoClips {
    /// `rtsp://`, `http(s)://` or `file://`.
    static func isURI(_ path: String) -> Bool {
        VideoLocation.scheme(of: path) != nil
    }

    /// The clips to play, in order; throws when a local path is missing, an empty folder, or not a
    /// regular file (a FIFO or a device, refused without being opened), or a URI's scheme is not a video's.
    static func list(_ path: String) throws(CameraError) -> [String] {
        if let problem = VideoLocation.problem(with: path, missing: "no such file or folder") { throw .videoFailed(path: path, message: problem) }
        if isURI(path) { return [path] }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .videoFailed(path: path, message: "cannot list the folder (\(error.localizedDescription))")
        }
        let clips = names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            .filter { RegularFile.irregularKind(of: $0) == nil && FileManager.default.fileExists(atPath: $0) }
        guard !clips.isEmpty else { throw .videoFailed(path: path, message: "the folder holds no video files") }
        return clips
    }
}
