import Foundation

/// What `[camera] path` names for `source = "video"`: a stream URI, a file, or a folder whose files
/// play in name order.
enum VideoClips {
    /// `rtsp://`, `http(s)://`, `file://` and any other scheme GStreamer has a source for.
    static func isURI(_ path: String) -> Bool {
        path.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) != nil
    }

    /// The clips to play, in order; throws when a local path is missing or an empty folder.
    static func list(_ path: String) throws(CameraError) -> [String] {
        if isURI(path) { return [path] }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .videoFailed(path: path, message: "no such file or folder")
        }
        guard isFolder.boolValue else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .videoFailed(path: path, message: "cannot list the folder (\(error.localizedDescription))")
        }
        let clips = names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            .filter { (try? FileManager.default.attributesOfItem(atPath: $0)[.type] as? FileAttributeType) == .typeRegular }
        guard !clips.isEmpty else { throw .videoFailed(path: path, message: "the folder holds no video files") }
        return clips
    }
}
