/// A property of a KMS object as read from the kernel: its id (what commits address), name and current value.
struct DRMProperty: Equatable {
    var id: UInt32
    var name: String
    var value: UInt64
}
