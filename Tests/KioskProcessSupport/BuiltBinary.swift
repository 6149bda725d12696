import Foundation

/// The `swipe-kiosk` executable the tests run as a subprocess.
enum BuiltBinary {
    /// `swift test` builds the executable beside the test bundle, which is this process.
    static var url: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("swipe-kiosk")
    }
}
