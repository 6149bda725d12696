import Foundation

/// Where videos that play their audio track (`audio = true`) send it, and how loud: the sound
/// board sets it from the loop (`[sound] device`, the volume, 0 while the panel is dark); each
/// pipeline reads it on its capture thread at open and before each frame, so a change reaches a
/// clip playing within a frame.
public final class VideoAudio: @unchecked Sendable {
    private let lock = NSLock()
    private var currentDevice = "default"
    private var currentLevel = 1.0
    private var currentReport: @Sendable (String) -> Void = { _ in }
    /// A clip's audio found the device unusable and that was logged; cleared when one opens it.
    private var silenceLogged = false

    public init() {}

    /// The ALSA device the clips' audio plays to.
    public var device: String {
        get { locked { currentDevice } }
        set {
            locked {
                if currentDevice != newValue { silenceLogged = false }
                currentDevice = newValue
            }
        }
    }

    /// Where `deviceFailed` logs (the sound board sets it).
    public var report: @Sendable (String) -> Void {
        get { locked { currentReport } }
        set { locked { currentReport = newValue } }
    }

    /// A clip's audio could not open the device (missing, busy): its picture plays silent. Logged
    /// once, not at every clip or loop, until a clip opens the device again.
    public func deviceFailed(_ reason: String) {
        let (first, device, report) = locked { () -> (Bool, String, @Sendable (String) -> Void) in
            defer { silenceLogged = true }
            return (!silenceLogged, currentDevice, currentReport)
        }
        if first { report("video audio: the ALSA device \"\(device)\" cannot be opened (\(reason)); videos play silent, trying again at each clip") }
    }

    /// A clip's audio opened the device: a later failure is logged again.
    public func deviceOpened() {
        locked { silenceLogged = false }
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
