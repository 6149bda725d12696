/// What `[limits] memory` allows a video's decoder (`RuntimeMemory.videoDecoderBytes`), applied
/// to a clip once its decoded size is known: a clip whose frames would take more is refused
/// before any is decoded, so an 8000x8000 clip in a small box costs what the estimate counts.
public enum VideoDecoderLimit {
    /// The most bytes one decoded frame may take: the decoder's allowance over the frames it holds.
    public static let maximumFrameBytes = RuntimeMemory.videoDecoderBytes / RuntimeMemory.videoDecoderFrames

    /// Why a clip decoded at `width` x `height`, `frameBytes` a frame, is refused; nil when it fits.
    public static func problem(width: Int, height: Int, frameBytes: Int) -> String? {
        guard frameBytes > maximumFrameBytes else { return nil }
        return "its frames are decoded at \(width)x\(height), \(mebibytes(RuntimeMemory.videoDecoderFrames * frameBytes)) for "
            + "the decoder's \(RuntimeMemory.videoDecoderFrames) frames, more than the \(mebibytes(RuntimeMemory.videoDecoderBytes)) "
            + "[limits] memory counts for a video's decoder. Re-encode it smaller "
            + "(at most 3840x2160, 4:2:0), whatever its box"
    }

    /// "367 MiB", rounded up.
    static func mebibytes(_ bytes: Int) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
