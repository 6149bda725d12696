import CDRM
import Glibc

extension LibDRMDevice {
    /// Every plane of the card, primary and cursor planes included (DRM_CLIENT_CAP_UNIVERSAL_PLANES).
    func planes() throws -> [DRMPlaneInfo] {
        // Without the cap the kernel lists overlay planes only; asking for it changes nothing else.
        _ = drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        guard let resources = drmModeGetPlaneResources(fileDescriptor) else {
            throw DisplayError.systemCall("drmModeGetPlaneResources", device: path, errno: errno)
        }
        defer { drmModeFreePlaneResources(resources) }
        let ids = Array(UnsafeBufferPointer(start: resources.pointee.planes, count: Int(resources.pointee.count_planes)))
        return ids.compactMap { id in
            guard let plane = drmModeGetPlane(fileDescriptor, id) else { return nil }
            defer { drmModeFreePlane(plane) }
            let formats = UnsafeBufferPointer(start: plane.pointee.formats, count: Int(plane.pointee.count_formats))
            let properties = planeProperties(id)
            // A driver without the "type" property predates universal planes: all it lists are overlays.
            let kind = properties["type"].flatMap(DRMPlaneKind.init(propertyValue:)) ?? .overlay
            return DRMPlaneInfo(id: id, kind: kind, possibleCrtcs: plane.pointee.possible_crtcs,
                                formats: formats.map(DRMFormat.init(code:)), zpos: properties["zpos"])
        }
    }

    /// The plane's properties by name, with their current values.
    private func planeProperties(_ planeID: UInt32) -> [String: UInt64] {
        guard let properties = drmModeObjectGetProperties(fileDescriptor, planeID, 0xeeee_eeee) else { return [:] }  // DRM_MODE_OBJECT_PLANE
        defer { drmModeFreeObjectProperties(properties) }
        var result: [String: UInt64] = [:]
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fileDescriptor, properties.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            result[name] = properties.pointee.prop_values[index]
        }
        return result
    }
}
