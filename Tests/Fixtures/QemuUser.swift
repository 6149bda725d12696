import Foundation

/// Whether the tests run under qemu-user (`make test-arm64`: tools/arm64/test-user.sh sets
/// SWIPE_KIOSK_UNDER_QEMU_USER=1). qemu-user passes system calls to the host kernel and answers
/// ENOSYS for the ioctls it does not translate; a test that meets such an answer skips naming the
/// call, and only then: anywhere else it asserts as usual.
public enum QemuUser {
    /// True under tools/arm64/test-user.sh.
    public static var isRunning: Bool {
        ProcessInfo.processInfo.environment["SWIPE_KIOSK_UNDER_QEMU_USER"] == "1"
    }

    /// The skip message for an ioctl qemu-user answered with ENOSYS where the kernel answers `kernelAnswer`.
    public static func unemulated(_ call: String, on path: String, kernelAnswer: String) -> String {
        "qemu-user answers ENOSYS for \(call) on \(path) (it does not translate that ioctl); the kernel answers \(kernelAnswer)"
    }
}
