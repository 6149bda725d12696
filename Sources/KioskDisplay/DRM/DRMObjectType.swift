/// The kind of a KMS object whose properties are read, with the kernel's DRM_MODE_OBJECT_* values.
enum DRMObjectType: UInt32 {
    case crtc = 0xcccc_cccc
    case connector = 0xc0c0_c0c0
    case plane = 0xeeee_eeee
}
