import Foundation
import XCTest

/// Clips a test makes itself with gst-launch-1.0: videotestsrc frames as MJPEG in AVI
/// (gstreamer1.0-plugins-good), 30 frames a second.
package enum VideoClip {
    /// Writes `frames` frames of videotestsrc's `pattern` ("red", "blue", "smpte", "ball") to `path`;
    /// skips the test where GStreamer cannot make it. MJPEG in AVI (at most 4096x4096), or in `muxer`.
    package static func make(at path: String, pattern: String = "smpte", frames: Int = 60, width: Int = 160, height: Int = 120,
                             muxer: String = "avimux") throws {
        let launch = Process()
        launch.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        launch.arguments = ["-q", "videotestsrc", "pattern=\(pattern)", "num-buffers=\(frames)", "!",
                            "video/x-raw,width=\(width),height=\(height),framerate=30/1", "!", "jpegenc", "!", muxer, "!",
                            "filesink", "location=\(path)"]
        try launch.run()
        launch.waitUntilExit()
        guard launch.terminationStatus == 0 else { throw XCTSkip("gst-launch-1.0 could not make a clip (install gstreamer1.0-plugins-good)") }
    }
}
