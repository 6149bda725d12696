/// What the running daemon keeps in memory that `[limits] memory`'s estimate (`MemoryEstimate`)
/// counts: one definition each, read by the parts that keep it and by the estimate.
public enum RuntimeMemory {
    /// The surfaces the compositor's cache (`LayerSurfaceCache`) keeps beyond the frame on show,
    /// per output: 96 MiB holds a dozen full-screen 1080p cards.
    public static let surfaceCacheBytes = 96 << 20
    /// The frames a feed's mailbox circulates at its size (the camera's or a video's): the one
    /// handed out and the one being filled.
    public static let feedFrames = 2
    /// The frames a video pipeline holds at its decoded size past the decoder (the scaler's, the
    /// converter's and the sink's one buffer), 4 bytes a pixel at most; its frames are decoded at
    /// most at the size of the box they are shown in.
    public static let videoPipelineFrames = 3
    /// The decoder's own frames, at the clip's size: `videoDecoderFrames` 4:2:0 frames of a clip
    /// up to 3840x2160 (UHD, what signage players are handed). A clip whose decoded frames need
    /// more is refused before it is decoded (`VideoDecoderLimit`), so this holds whatever the clip.
    public static let videoDecoderBytes = 48 << 20
    /// The frames a decoder is counted as holding at the clip's size: the one it decodes into and
    /// the ones it keeps for reference or hands on.
    public static let videoDecoderFrames = 4
    /// Bytes a second of decoded sound takes in memory (`[sound]`: 48 kHz, stereo, 16 bits).
    public static let soundBytesPerSecond = 192_000
    /// The most one sound file may decode to: 30 s; a longer one is refused at load.
    public static let soundMaximumBytes = 30 * soundBytesPerSecond
    /// How much larger than its file a sound is counted once decoded, up to `soundMaximumBytes`:
    /// 8-bit mono 8 kHz WAV decodes to 24 times its size; MP3 at 128 kbit/s to 12, Vorbis about as much.
    public static let soundExpansion = 24
    /// The web host (`swipe-kiosk-web`) and its WPE WebKit processes with one page: about 190 MB
    /// PSS measured with Debian's WPE WebKit 2.38 (issue 39).
    public static let webFirstPageBytes = 190 << 20
    /// Each further page the same host serves: about 50 MB PSS.
    public static let webFurtherPageBytes = 50 << 20
    /// The shared-memory frames the host hands over per page (it draws one while the daemon shows the other).
    public static let webPageSlots = 2
}
