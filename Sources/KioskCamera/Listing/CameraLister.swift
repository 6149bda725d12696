import CLinux
import Foundation
import Glibc

/// The cameras `swipe-kiosk list-devices` shows: every /dev/video* node, what it is, and why
/// one could not be opened.
public enum CameraLister {
    public static func report(directory: String = "/dev") -> String {
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("video") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        guard !nodes.isEmpty else {
            return "Cameras: none (\(directory)/video* does not exist: no camera plugged in, or no V4L2 driver loaded)"
        }
        return (["Cameras:"] + nodes.map { "  " + describe(path: (directory as NSString).appendingPathComponent($0)) })
            .joined(separator: "\n")
    }

    private static func text(_ name: [CChar]) -> String {
        String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func describe(path: String) -> String {
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            if code == EACCES || code == EPERM {
                return "\(path): cannot open (\(reason)); add the user to the 'video' group"
            }
            return "\(path): cannot open (\(reason))"
        }
        defer { close(fd) }
        var capabilities: UInt32 = 0
        var card = [CChar](repeating: 0, count: 64), driver = [CChar](repeating: 0, count: 64)
        guard clinux_v4l2_query_capabilities(fd, &capabilities, &card, &driver, card.count) == 0 else {
            return "\(path): not a V4L2 device (\(String(cString: strerror(errno))))"
        }
        let kind = clinux_v4l2_is_streaming_capture(capabilities) != 0 ? "streaming capture" : "not a streaming capture device"
        return "\(path): \(text(card)) (driver \(text(driver))), \(kind)"
    }
}
