import KioskRuntime

/// A sound sink that plays nothing and records what it was asked, in order.
package final class FakeSoundSink: SoundSink {
    package enum Request: Equatable {
        case play(String)
        case stop
    }

    /// The devices a sink was made for (`DaemonParts.makeSoundSink`), in order.
    package var devices: [String] = []
    package private(set) var loaded: [String] = []
    package private(set) var requests: [Request] = []
    package private(set) var volumes: [Double] = []
    /// File names (the path's last component) `load` refuses, with the reason.
    package var undecodable: [String: String] = [:]

    package init() {}

    /// The paths played, in order.
    package var played: [String] {
        requests.compactMap { if case .play(let path) = $0 { path } else { nil } }
    }

    package func load(path: String) throws(SoundLoadError) -> SoundClip {
        if let reason = undecodable[String(path.split(separator: "/").last ?? "")] { throw SoundLoadError(path: path, reason: reason) }
        loaded.append(path)
        return SoundClip(path: path, bytes: 19_200)
    }

    package func play(_ clip: SoundClip) { requests.append(.play(clip.path)) }
    package func stop() { requests.append(.stop) }
    package func setVolume(_ volume: Double) { volumes.append(volume) }
}
