/// A CPU-mapped scan-out buffer and its framebuffer id.
struct DRMDumbBuffer {
    var handle: UInt32
    var framebufferID: UInt32
    var pitch: Int
    var byteCount: Int
    var pixels: UnsafeMutableRawPointer
}
