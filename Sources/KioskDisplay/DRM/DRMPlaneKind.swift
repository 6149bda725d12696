/// A plane's "type" property: where the driver puts it in the stack and what it is meant for.
public enum DRMPlaneKind: String, Sendable, Equatable {
    /// The CRTC's base plane (DRM_PLANE_TYPE_PRIMARY).
    case primary
    /// An extra plane blended over the primary (DRM_PLANE_TYPE_OVERLAY).
    case overlay
    /// A small plane on top, meant for a pointer (DRM_PLANE_TYPE_CURSOR).
    case cursor

    /// The kernel's property value (0 overlay, 1 primary, 2 cursor); nil for any other.
    init?(propertyValue: UInt64) {
        switch propertyValue {
        case 0: self = .overlay
        case 1: self = .primary
        case 2: self = .cursor
        default: return nil
        }
    }
}
