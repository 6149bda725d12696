import KioskCamera
import KioskConfig
import Logging

/// The daemon's sounds (`[sound]`): which clip a tap or a completed swipe plays, the volume, and
/// silence while the panel is dark. It runs on the loop and only posts to its sink, which plays
/// on its own threads. The sink is made only when the configuration names a sound, so a kiosk
/// without `[sound]` never opens an audio device. Videos with `audio = true` play to the same
/// device at the same volume, muted while dark (`videoAudio`).
final class SoundBoard {
    typealias MakeSink = (_ device: String, _ volume: Double, _ logger: Logger) throws(SoundLoadError) -> any SoundSink

    private let makeSink: MakeSink
    let videoAudio: VideoAudio
    private let logger: Logger
    private var sink: (any SoundSink)?
    private var device: String?
    private var configured = SoundConfiguration()
    /// False until the first `apply`, which takes `[sound] volume` whatever it is.
    private var applied = false
    /// Decoded clips by path: a reload decodes only the files it newly names.
    private var clips: [String: SoundClip] = [:]
    /// The volume now (`[sound] volume` until set; a reload that changes `volume` replaces it).
    private(set) var volume = 1.0
    /// The panel is dark: nothing plays.
    var isDark = false {
        didSet {
            guard isDark != oldValue else { return }
            if isDark { sink?.stop() }
            videoAudio.level = isDark ? 0 : volume
        }
    }
    /// The volume changed (`Volume`, `P/state/volume`).
    var onVolumeChanged: () -> Void = {}

    init(makeSink: @escaping MakeSink, videoAudio: VideoAudio, logger: Logger) {
        self.makeSink = makeSink
        self.videoAudio = videoAudio
        self.logger = logger
        videoAudio.report = { [logger] line in logger.warning("\(line)") }
    }

    /// The memory the decoded sounds take.
    var decodedBytes: Int { clips.values.reduce(0) { $0 + $1.bytes } }

    /// Takes `configuration`'s sounds (at start and after each accepted reload): decodes the
    /// files not yet decoded, drops those no longer named, opens the device when it changed.
    func apply(_ configuration: KioskConfiguration) {
        let files = configuration.soundPaths
        // A reload that changes `volume` replaces the one set at run time; one that does not keeps it.
        let volumeChanged = applied && configured.volume != configuration.sound.volume && volume != configuration.sound.volume
        if !applied || configured.volume != configuration.sound.volume { volume = configuration.sound.volume }
        applied = true
        configured = configuration.sound
        if volumeChanged { onVolumeChanged() }
        videoAudio.device = configuration.sound.device
        videoAudio.level = isDark ? 0 : volume
        guard !files.isEmpty else {
            sink = nil
            device = nil
            clips = [:]
            return
        }
        if sink == nil || device != configuration.sound.device {
            do throws(SoundLoadError) {
                sink = try makeSink(configuration.sound.device, volume, logger)
                device = configuration.sound.device
                clips = [:]
            } catch {
                logger.error("sound: \(error.reason); running silent")
                sink = nil
                device = nil
                clips = [:]
                return
            }
        }
        clips = clips.filter { files.contains($0.key) }
        for path in files.sorted() where clips[path] == nil {
            do throws(SoundLoadError) {
                clips[path] = try sink?.load(path: path)
            } catch {
                logger.warning("sound: \(error); it does not play")
            }
        }
        sink?.setVolume(volume)
    }

    /// Sets the volume (clamped to 0...1), for a sound playing too.
    func setVolume(_ value: Double) {
        let clamped = min(max(value, 0), 1)
        guard clamped != volume else { return }
        volume = clamped
        sink?.setVolume(clamped)
        if !isDark { videoAudio.level = clamped }
        onVolumeChanged()
    }

    /// A button was pressed: its own `sound`, else `[sound] tap`.
    func buttonPressed(_ button: ButtonElement) {
        play(button.sound ?? configured.tap)
    }

    /// A transition to another screen completed: `[sound] swipe`.
    func screenChanged() {
        play(configured.swipe)
    }

    /// Stops the sink (the daemon stops).
    func stop() {
        sink?.stop()
        sink = nil
        clips = [:]
    }

    private func play(_ path: String?) {
        guard !isDark, volume > 0, let path, let clip = clips[path], let sink else { return }
        sink.play(clip)
    }
}
