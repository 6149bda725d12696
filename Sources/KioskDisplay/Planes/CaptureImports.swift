import KioskOptions

/// The camera's capture buffers imported as framebuffers, once each, by buffer id: the feed plane
/// shows them as captured (zero-copy). A buffer that fails to import is not tried again.
///
/// Framebuffers of a stream that ended (the camera stopped, restarted or changed format) are
/// removed once no commit shows them: removing one on screen would turn its plane off.
struct CaptureImports {
    private(set) var framebuffers: [CaptureBufferID: DRMImportedFramebuffer] = [:]
    private var failures: [CaptureBufferID: String] = [:]

    /// The framebuffer showing `capture` in `format`, imported now if it is new; throws why not.
    mutating func framebuffer(of capture: any CaptureBuffer, format: DRMFormat, on device: DRMDevice) throws(ImportFailure) -> UInt32 {
        if let imported = framebuffers[capture.id] { return imported.framebufferID }
        if let failure = failures[capture.id] { throw ImportFailure(reason: failure) }
        do {
            let imported = try device.importFramebuffer(dmabuf: capture.dmabufDescriptor, width: capture.size.width,
                                                        height: capture.size.height, format: format, pitch: capture.bytesPerLine)
            framebuffers[capture.id] = imported
            return imported.framebufferID
        } catch {
            failures[capture.id] = "\(error)"
            throw ImportFailure(reason: "\(error)")
        }
    }

    /// Whether anything is kept of a stream other than `stream`: `release` has work to do.
    func holdsStreams(besides stream: UInt64?) -> Bool {
        framebuffers.keys.contains { $0.stream != stream } || failures.keys.contains { $0.stream != stream }
    }

    /// Removes the framebuffers of every stream but `stream` (all with nil) that are not in `inUse`.
    mutating func release(keeping stream: UInt64?, inUse: Set<CaptureBufferID>, on device: DRMDevice) {
        for (id, imported) in framebuffers where id.stream != stream && !inUse.contains(id) {
            device.removeImportedFramebuffer(imported)
            framebuffers[id] = nil
        }
        failures = failures.filter { $0.key.stream == stream }
    }

    /// Removes them all (the display closes, nothing shows them any more).
    mutating func removeAll(on device: DRMDevice) {
        framebuffers.values.forEach(device.removeImportedFramebuffer)
        framebuffers = [:]
        failures = [:]
    }

    /// Why a capture buffer could not be imported, for the log.
    struct ImportFailure: Error {
        var reason: String
    }
}
