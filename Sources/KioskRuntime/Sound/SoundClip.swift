import CKioskVideo

/// One sound decoded into memory (48 kHz stereo 16-bit PCM), ready to play at once. The real
/// sink's clips hold GStreamer-side memory, released with the last reference (a clip playing
/// keeps its own reference until it ends); a fake sink's clips hold none.
public final class SoundClip: @unchecked Sendable {
    /// The file it was decoded from.
    public let path: String
    /// The memory its samples take.
    public let bytes: Int
    /// The decoded samples (`kiosk_sound`), nil for a fake sink's clip. Immutable once made.
    let handle: OpaquePointer?

    public init(path: String, bytes: Int) {
        self.path = path
        self.bytes = bytes
        handle = nil
    }

    init(path: String, handle: OpaquePointer) {
        self.path = path
        self.handle = handle
        bytes = kiosk_sound_size(handle)
    }

    deinit {
        if let handle { kiosk_sound_release(handle) }
    }
}
