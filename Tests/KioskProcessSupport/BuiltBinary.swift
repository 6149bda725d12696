import Foundation

/// The `swipe-kiosk` executable the tests run as a subprocess.
package enum BuiltBinary {
    /// `swift test` builds the executable beside the test bundle, which is this process.
    package static var url: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("swipe-kiosk")
    }
}
