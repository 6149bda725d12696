/// Why a sound file could not be decoded: GStreamer's reason, or the size limit.
public struct SoundLoadError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
