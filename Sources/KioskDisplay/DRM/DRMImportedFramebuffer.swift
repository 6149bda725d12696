/// A framebuffer over memory imported from a DMABUF: its GEM handle on this card and its id.
struct DRMImportedFramebuffer: Equatable {
    var handle: UInt32
    var framebufferID: UInt32
}
