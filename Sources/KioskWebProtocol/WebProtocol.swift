/// The wire protocol between the daemon and its web host (`swipe-kiosk-web`): one message per
/// SOCK_SEQPACKET packet, little-endian, `u8 type`, `u32 view`, then the message's fields.
/// docs/web.md and the daemon/host contract (issue 39) describe each message.
public enum WebProtocol {
    /// The version `hello` carries; a host and daemon of different versions refuse each other.
    public static let version: UInt32 = 1
    /// The largest packet either side sends or accepts (bytes).
    public static let maxMessageBytes = 64 * 1024
    /// The longest string (url, origin, reason) a message may hold, in UTF-8 bytes.
    public static let maxStringBytes = 8 * 1024
    /// The most damage rectangles a `frame` carries (more are sent as their bounding box), and the
    /// most `allow` origins an `open` carries.
    public static let maxListCount = 64
    /// The slots (images) a view's shared memory holds: one the daemon shows, one the host draws.
    public static let slotCount: UInt8 = 2
    /// The size of every message's header: `u8 type`, `u32 view`.
    static let headerBytes = 5
}
