/// Where sounds play: the daemon's seam to the sound card. The real one is GStreamer's alsasink
/// (`GStreamerSoundSink`); tests record what was asked instead.
///
/// Called on the loop, and never blocks it: `play` hands the clip over and returns.
public protocol SoundSink: AnyObject {
    /// Decodes the file at `path` into memory, once (at start and at a reload that names it).
    func load(path: String) throws(SoundLoadError) -> SoundClip
    /// Plays `clip` from its start. A clip playing is cut: the newest wins, at most one waits.
    func play(_ clip: SoundClip)
    /// Stops what plays (the panel went dark).
    func stop()
    /// The level everything plays at, 0...1, applied to a sound playing too.
    func setVolume(_ volume: Double)
}
