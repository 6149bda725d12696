import Foundation

/// Where videos that play their audio track (`audio = true`) send it, and how loud: the sound
/// board sets it from the loop (`[sound] device`, the volume, 0 while the panel is dark); each
/// pipeline reads it on its capture thread at open and before each frame, so a change reaches a
/// clip playing within a frame.
public final class VideoAudio: @unchecked Sendable {
    private let lock = NSLock()
    private var currentDevice = "default"
    private var currentLevel = 1.0

    public init() {}

    /// The ALSA device the clips' audio plays to.
    public var device: String {
        get { locked { currentDevice } }
        set { locked { currentDevice = newValue } }
    }

    /// 0...1: the volume, 0 while the panel is dark.
    public var level: Double {
        get { locked { currentLevel } }
        set { locked { currentLevel = min(max(newValue, 0), 1) } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
