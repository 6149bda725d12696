/// One property write of an atomic commit: `object`'s property `property` takes `value`.
struct DRMAtomicProperty: Equatable {
    var objectID: UInt32
    var propertyID: UInt32
    var value: UInt64
}

/// An atomic KMS request as plain data: the property writes one `drmModeAtomicCommit` applies
/// together, at one vblank or not at all.
///
/// The display builds the CRTC, connector and primary-plane part; whoever puts more planes on the
/// screen (the camera's plane) adds their writes to the same request before it is committed, and
/// checks a layout first by committing it with `.testOnly`.
struct DRMAtomicRequest: Equatable {
    private(set) var properties: [DRMAtomicProperty] = []

    init() {}

    /// Sets `property` of `objectID` to `value`, replacing an earlier write of the same property.
    mutating func set(_ objectID: UInt32, _ propertyID: UInt32, _ value: UInt64) {
        let write = DRMAtomicProperty(objectID: objectID, propertyID: propertyID, value: value)
        if let index = properties.firstIndex(where: { $0.objectID == objectID && $0.propertyID == propertyID }) {
            properties[index] = write
        } else {
            properties.append(write)
        }
    }

    /// Adds every write of `other`, its values winning.
    mutating func merge(_ other: DRMAtomicRequest) {
        for write in other.properties { set(write.objectID, write.propertyID, write.value) }
    }

    /// The value this request gives `property` of `objectID`, if it writes it.
    func value(of objectID: UInt32, _ propertyID: UInt32) -> UInt64? {
        properties.first { $0.objectID == objectID && $0.propertyID == propertyID }?.value
    }
}
