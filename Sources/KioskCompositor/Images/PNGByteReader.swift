import CCairo

/// Hands PNG bytes already in memory to cairo's stream reader, so the file is read once.
struct PNGByteReader {
    let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies the next `count` bytes to `destination`; a read past the end is an error, as a truncated file.
    mutating func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count > 0 else { return CAIRO_STATUS_SUCCESS }
        guard count <= bytes.count - offset else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
