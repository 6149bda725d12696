import CKioskVideo
import KioskEngine
import Logging

/// Sounds through GStreamer: decoded once by uridecodebin, played from memory by
/// appsrc -> volume -> alsasink on the player's own thread (kiosk_sound.c). The device is opened
/// at once and kept (READY, nothing running); one that is missing or busy is logged once and
/// tried again after 1, 2, 4 ... 30 s, sounds meanwhile dropped.
public final class GStreamerSoundSink: SoundSink {
    /// The longest sound decoded, so a wrong file cannot fill the memory.
    public static let maximumBytes = RuntimeMemory.soundMaximumBytes

    private let player: OpaquePointer
    /// Retained by the player's log callback until the player is freed.
    private let logBox: Unmanaged<LogBox>

    private final class LogBox: @unchecked Sendable {
        let logger: Logger
        init(logger: Logger) { self.logger = logger }
    }

    /// Starts the player on `device` at `volume`; throws when GStreamer lacks an element.
    public init(device: String, volume: Double, logger: Logger) throws(SoundLoadError) {
        let box = Unmanaged.passRetained(LogBox(logger: logger))
        var error = [CChar](repeating: 0, count: 512)
        let made = kiosk_sound_player_new(device, volume, { context, level, message in
            guard let context, let message else { return }
            let logger = Unmanaged<LogBox>.fromOpaque(context).takeUnretainedValue().logger
            let line = String(cString: message)
            if level == KIOSK_SOUND_LOG_WARNING { logger.warning("\(line)") } else { logger.notice("\(line)") }
        }, box.toOpaque(), &error, error.count)
        guard let made else {
            box.release()
            throw SoundLoadError(path: device, reason: Self.text(error))
        }
        player = made
        logBox = box
    }

    deinit {
        kiosk_sound_player_free(player)
        logBox.release()
    }

    public func load(path: String) throws(SoundLoadError) -> SoundClip {
        try Self.decode(path: path)
    }

    public func play(_ clip: SoundClip) {
        guard let handle = clip.handle else { return }
        kiosk_sound_player_play(player, handle)
    }

    public func stop() {
        kiosk_sound_player_play(player, nil)
    }

    public func setVolume(_ volume: Double) {
        kiosk_sound_player_set_volume(player, volume)
    }

    /// Decodes `path` (a file, or a URI GStreamer reads) to memory, at most `maximumBytes`.
    public static func decode(path: String) throws(SoundLoadError) -> SoundClip {
        let uri: String
        if !path.contains("://") {
            guard let made = kiosk_video_file_uri(path) else { throw SoundLoadError(path: path, reason: "not a usable path") }
            uri = String(cString: made)
            kiosk_video_free(made)
        } else {
            uri = path
        }
        var error = [CChar](repeating: 0, count: 512)
        guard let sound = kiosk_sound_decode(uri, Int64(maximumBytes), &error, error.count) else {
            throw SoundLoadError(path: path, reason: Self.text(error))
        }
        return SoundClip(path: path, handle: sound)
    }

    /// A C error buffer's text, up to its terminating zero.
    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Why `path` cannot be decoded, or nil (`check-config --deep`).
    public static func problem(with path: String) -> String? {
        do throws(SoundLoadError) {
            _ = try decode(path: path)
            return nil
        } catch {
            return error.reason
        }
    }
}
