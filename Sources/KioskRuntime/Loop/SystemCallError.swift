import Glibc

/// A failed system call, with errno captured at the point of failure.
public struct SystemCallError: Error, CustomStringConvertible, Equatable {
    public var call: String
    public var code: Int32

    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}
