import CLinux
import Glibc
import KioskOptions
import Synchronization

/// A V4L2 capture device streaming through mmap()ed kernel buffers.
///
/// Opens the node non-blocking, negotiates size and format (the configured preferences first,
/// accepting any convertible format the driver insists on), asks for the frame rate, and streams
/// with QBUF/DQBUF, waiting on poll(). Used from the capture thread only.
///
/// With `exportsBuffers` each buffer is also exported as DMABUF (VIDIOC_EXPBUF) once, and every
/// frame comes with a `CaptureLease`: a buffer someone keeps (a display scanning it out) stays
/// dequeued until the last holder lets go, and is queued again at the next call from the capture
/// thread. More buffers are asked for then, so the driver keeps two or more to fill while a
/// display holds the one on screen, the one its flip is about to show and one queued.
public final class V4L2CaptureDevice: CaptureDevice {
    public let path: String
    private let requestedWidth: Int
    private let requestedHeight: Int
    private let preferredFormats: [CameraPixelFormat]
    private let framesPerSecond: Double
    /// Ask for the offered frame size nearest the requested one (`[camera] size = "auto"`, where
    /// the request is the display's size) instead of the request itself.
    private let choosesNearestSize: Bool
    private let exportsBuffers: Bool
    private var descriptor: Int32 = -1
    private var buffers: [V4L2Buffer] = []
    private var format: CaptureFormat?
    /// Buffers handed back by their leases' last holders, for this stream; nil before the first open.
    private var returned: ReturnedBuffers?
    /// Tells this open's buffers from every other's (a display caches its imports by it).
    private var stream: UInt64 = 0

    /// Buffers asked of the driver: one being filled, one being read, spares to absorb jitter.
    private static let bufferCount: UInt32 = 4
    /// With exported buffers: up to four held (on screen, pending a flip, queued, in the mailbox), two filling.
    private static let exportedBufferCount: UInt32 = 6

    public init(path: String, requestedWidth: Int, requestedHeight: Int,
                preferredFormats: [CameraPixelFormat], framesPerSecond: Double, choosesNearestSize: Bool = false,
                exportsBuffers: Bool = false) {
        self.path = path
        self.requestedWidth = requestedWidth
        self.requestedHeight = requestedHeight
        self.preferredFormats = preferredFormats.isEmpty ? CameraPixelFormat.allCases : preferredFormats
        self.framesPerSecond = framesPerSecond
        self.choosesNearestSize = choosesNearestSize
        self.exportsBuffers = exportsBuffers
    }

    public convenience init(settings: CameraSettings) {
        self.init(path: settings.devicePath, requestedWidth: settings.requestedWidth, requestedHeight: settings.requestedHeight,
                  preferredFormats: settings.pixelFormats, framesPerSecond: settings.framesPerSecond,
                  choosesNearestSize: settings.automaticSize, exportsBuffers: settings.exportsBuffers)
    }

    deinit {
        close()
    }

    public func open() throws(CameraError) -> CaptureFormat {
        close()
        let fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(device: path, errno: errno) }
        descriptor = fd
        do throws(CameraError) {
            let card = try checkCapabilities()
            var negotiated = try negotiateFormat()
            negotiated.card = card
            negotiated.framesPerSecond = setFrameRate()
            negotiated.bufferExport = try mapBuffers()
            try call("VIDIOC_STREAMON", clinux_v4l2_set_streaming(descriptor, 1))
            format = negotiated
            return negotiated
        } catch {
            close()
            throw error
        }
    }

    public func withNextFrame(timeout: Double, _ body: (CapturedFrame) throws(CameraError) -> Void) throws(CameraError) -> Bool {
        guard descriptor >= 0, let format else { throw .deviceGone(device: path) }
        try requeueReturned()
        var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&waiter, 1, Int32(max(0, timeout * 1000)))
        if ready < 0 {
            if errno == EINTR { return false }
            throw .ioctlFailed(device: path, call: "poll", errno: errno)
        }
        if ready == 0 { return false }
        var index: UInt32 = 0, bytesUsed: UInt32 = 0, flaggedError: Int32 = 0
        if clinux_v4l2_dequeue_buffer(descriptor, &index, &bytesUsed, &flaggedError) != 0 {
            let code = errno
            if code == EAGAIN {
                // An error condition with nothing to dequeue would wake poll at once forever.
                guard waiter.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0 else {
                    throw .ioctlFailed(device: path, call: "poll (the driver reports an error)", errno: EIO)
                }
                return false
            }
            throw Self.isGone(code) ? .deviceGone(device: path) : .ioctlFailed(device: path, call: "VIDIOC_DQBUF", errno: code)
        }
        guard Int(index) < buffers.count else {
            throw .ioctlFailed(device: path, call: "VIDIOC_DQBUF (buffer \(index) was never mapped)", errno: EINVAL)
        }
        let failure = lend(buffers[Int(index)], index: index, bytesUsed: Int(bytesUsed), flaggedError: flaggedError != 0,
                           format: format, to: body)
        // The buffer goes back to the driver whatever the frame held (unless a holder keeps its lease), or capture would starve.
        try requeueReturned()
        if let failure { throw failure }
        return true
    }

    /// Lends buffer `index` to `body` as a frame (with its lease where it is exported) and gives it
    /// back once `body` and every holder of the lease let go; returns what `body` threw.
    private func lend(_ buffer: V4L2Buffer, index: UInt32, bytesUsed: Int, flaggedError: Bool, format: CaptureFormat,
                      to body: (CapturedFrame) throws(CameraError) -> Void) -> CameraError? {
        let bytes = UnsafeRawBufferPointer(rebasing: buffer.mapping[0..<min(bytesUsed, buffer.mapping.count)])
        var lease: CaptureLease?
        if buffer.dmabuf >= 0, let returned, !flaggedError {
            lease = CaptureLease(id: CaptureBufferID(stream: stream, index: Int(index)), dmabufDescriptor: buffer.dmabuf,
                                 pixelFormat: format.pixelFormat, size: PixelSize(width: format.width, height: format.height),
                                 bytesPerLine: format.bytesPerLine, bytes: bytes, owner: buffer,
                                 onRelease: { returned.giveBack(index) })
        } else {
            returned?.giveBack(index)
        }
        let frame = CapturedFrame(pixelFormat: format.pixelFormat, width: format.width, height: format.height,
                                  bytesPerLine: format.bytesPerLine, bytes: bytes, isFlaggedCorrupt: flaggedError, lease: lease)
        lease = nil
        do throws(CameraError) {
            try body(frame)
        } catch {
            return error
        }
        return nil
    }

    /// Queues again the buffers whose leases were let go since the last call.
    private func requeueReturned() throws(CameraError) {
        guard let returned else { return }
        for index in returned.take() {
            if clinux_v4l2_queue_buffer(descriptor, index) != 0 {
                let code = errno
                throw Self.isGone(code) ? .deviceGone(device: path) : .ioctlFailed(device: path, call: "VIDIOC_QBUF", errno: code)
            }
        }
    }

    public func close() {
        guard descriptor >= 0 else { return }
        if format != nil { _ = clinux_v4l2_set_streaming(descriptor, 0) }
        // Leases still held (a display showing a frame) keep their buffer mapped and exported until
        // let go; the driver orphans such buffers at REQBUFS 0 instead of freeing them.
        returned?.close()
        returned = nil
        buffers.removeAll()
        var none: UInt32 = 0
        _ = clinux_v4l2_request_buffers(descriptor, &none)
        _ = Glibc.close(descriptor)
        descriptor = -1
        format = nil
    }

    private func checkCapabilities() throws(CameraError) -> String {
        var capabilities: UInt32 = 0
        var card = [CChar](repeating: 0, count: 64)
        var driver = [CChar](repeating: 0, count: 64)
        let result = clinux_v4l2_query_capabilities(descriptor, &capabilities, &card, &driver, card.count)
        if result != 0 {
            let code = errno
            // ENOTTY: a node that is not V4L2 at all (a serial port, a file).
            if code == ENOTTY { throw .notACaptureDevice(device: path, card: "not a V4L2 device") }
            throw .ioctlFailed(device: path, call: "VIDIOC_QUERYCAP", errno: code)
        }
        let cardName = String(decoding: card.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard clinux_v4l2_is_streaming_capture(capabilities) != 0 else {
            throw .notACaptureDevice(device: path, card: cardName)
        }
        return cardName
    }

    private func negotiateFormat() throws(CameraError) -> CaptureFormat {
        var offered: [String] = []
        var fallback: CaptureFormat?
        for wanted in preferredFormats {
            let size = requestedSize(for: wanted)
            var width = UInt32(size.width), height = UInt32(size.height)
            var fourCC = wanted.fourCC, bytesPerLine: UInt32 = 0, sizeImage: UInt32 = 0
            try call("VIDIOC_S_FMT", clinux_v4l2_set_format(descriptor, &width, &height, &fourCC, &bytesPerLine, &sizeImage))
            guard let chosen = CameraPixelFormat(fourCC: fourCC) else {
                offered.append(CameraPixelFormat.name(ofFourCC: fourCC))
                continue
            }
            let line = max(Int(bytesPerLine), chosen.packedLineLength(width: Int(width)))
            let candidate = CaptureFormat(width: Int(width), height: Int(height), pixelFormat: chosen, bytesPerLine: line)
            if chosen == wanted { return candidate }
            fallback = fallback ?? candidate
        }
        guard let fallback else {
            throw .unsupportedFormat(device: path, offered: Set(offered).sorted().joined(separator: ", "))
        }
        // Set it again: the last S_FMT may have left the driver on another format.
        var width = UInt32(fallback.width), height = UInt32(fallback.height), fourCC = fallback.pixelFormat.fourCC
        var bytesPerLine: UInt32 = 0, sizeImage: UInt32 = 0
        try call("VIDIOC_S_FMT", clinux_v4l2_set_format(descriptor, &width, &height, &fourCC, &bytesPerLine, &sizeImage))
        guard let chosen = CameraPixelFormat(fourCC: fourCC) else {
            throw .unsupportedFormat(device: path, offered: CameraPixelFormat.name(ofFourCC: fourCC))
        }
        return CaptureFormat(width: Int(width), height: Int(height), pixelFormat: chosen,
                             bytesPerLine: max(Int(bytesPerLine), chosen.packedLineLength(width: Int(width))))
    }

    /// The size to ask for in `format`: the request, or the offered size nearest it.
    private func requestedSize(for format: CameraPixelFormat) -> PixelSize {
        let requested = PixelSize(width: requestedWidth, height: requestedHeight)
        guard choosesNearestSize else { return requested }
        var ranges: [FrameSizeRange] = []
        var stepwise: Int32 = 0
        var minWidth: UInt32 = 0, minHeight: UInt32 = 0, maxWidth: UInt32 = 0, maxHeight: UInt32 = 0
        var stepWidth: UInt32 = 0, stepHeight: UInt32 = 0
        // A driver lists a handful of sizes; the bound only guards against one that never ends the list.
        for index in UInt32(0)..<64 {
            guard clinux_v4l2_frame_size(descriptor, format.fourCC, index, &stepwise, &minWidth, &minHeight, &maxWidth, &maxHeight,
                                         &stepWidth, &stepHeight) == 0 else { break }
            ranges.append(FrameSizeRange(minimum: PixelSize(width: Int(minWidth), height: Int(minHeight)),
                                         maximum: PixelSize(width: Int(maxWidth), height: Int(maxHeight)),
                                         stepWidth: Int(stepWidth), stepHeight: Int(stepHeight)))
            if stepwise != 0 { break }
        }
        // Drivers that do not enumerate (EINVAL, ENOTTY) adjust the request in S_FMT themselves.
        return FrameSizeRange.nearest(to: requested, among: ranges) ?? requested
    }

    /// Asks for the configured rate; drivers without frame-rate control keep their own, which is fine.
    private func setFrameRate() -> Double? {
        guard framesPerSecond > 0 else { return nil }
        var numerator: UInt32 = 0, denominator: UInt32 = 0
        guard clinux_v4l2_set_frame_rate(descriptor, UInt32(framesPerSecond.rounded()), &numerator, &denominator) == 0,
              numerator > 0 else { return nil }
        return Double(denominator) / Double(numerator)
    }

    /// Asks for the buffers, maps (and with `exportsBuffers` exports) each, and queues them all.
    private func mapBuffers() throws(CameraError) -> CaptureFormat.BufferExport {
        var count = exportsBuffers ? Self.exportedBufferCount : Self.bufferCount
        try call("VIDIOC_REQBUFS", clinux_v4l2_request_buffers(descriptor, &count))
        guard count >= 2 else {
            throw .ioctlFailed(device: path, call: "VIDIOC_REQBUFS (granted \(count) buffers, need 2)", errno: ENOMEM)
        }
        var export: CaptureFormat.BufferExport = exportsBuffers ? .exported : .notAsked
        for index in 0..<count {
            var offset: UInt32 = 0, length: UInt32 = 0
            try call("VIDIOC_QUERYBUF", clinux_v4l2_query_buffer(descriptor, index, &offset, &length))
            let address = mmap(nil, Int(length), PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset))
            guard let address, address != MAP_FAILED else {
                throw .ioctlFailed(device: path, call: "mmap", errno: errno)
            }
            var dmabuf: Int32 = -1
            if case .exported = export, clinux_v4l2_export_buffer(descriptor, index, &dmabuf) != 0 {
                // Frames are converted and copied instead; the log says why.
                export = .failed("VIDIOC_EXPBUF: \(String(cString: strerror(errno)))")
                buffers.forEach { $0.closeExport() }
                dmabuf = -1
            }
            buffers.append(V4L2Buffer(mapping: UnsafeMutableRawBufferPointer(start: address, count: Int(length)), dmabuf: dmabuf))
            try call("VIDIOC_QBUF", clinux_v4l2_queue_buffer(descriptor, index))
        }
        stream = UInt64.random(in: 1...UInt64.max)
        returned = ReturnedBuffers()
        return export
    }

    private func call(_ name: String, _ result: Int32) throws(CameraError) {
        guard result != 0 else { return }
        let code = errno
        throw Self.isGone(code) ? .deviceGone(device: path) : .ioctlFailed(device: path, call: name, errno: code)
    }

    private static func isGone(_ code: Int32) -> Bool {
        code == ENODEV || code == ENXIO
    }
}

/// One mmap()ed capture buffer and its DMABUF export: unmapped and closed when neither the
/// device nor any lease on it needs it any more.
private final class V4L2Buffer {
    let mapping: UnsafeMutableRawBufferPointer
    private(set) var dmabuf: Int32

    init(mapping: UnsafeMutableRawBufferPointer, dmabuf: Int32) {
        self.mapping = mapping
        self.dmabuf = dmabuf
    }

    func closeExport() {
        if dmabuf >= 0 { _ = Glibc.close(dmabuf) }
        dmabuf = -1
    }

    deinit {
        closeExport()
        munmap(mapping.baseAddress, mapping.count)
    }
}

/// The indices of buffers whose leases were let go (on any thread), for the capture thread to
/// queue again; once the stream is closed they are dropped.
private final class ReturnedBuffers: Sendable {
    private let state = Mutex<(indices: [UInt32], open: Bool)>(([], true))

    func giveBack(_ index: UInt32) {
        state.withLock { state in
            if state.open { state.indices.append(index) }
        }
    }

    func take() -> [UInt32] {
        state.withLock { state in
            defer { state.indices = [] }
            return state.indices
        }
    }

    func close() {
        state.withLock { $0 = ([], false) }
    }
}
