import Foundation

/// Numbered device nodes such as `/dev/dri/card0` or `/dev/fb1`.
enum DeviceNodes {
    /// `directory/prefixN` for every N present, in numeric order; empty when the directory is missing.
    static func paths(prefix: String, directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names
            .compactMap { name in name.hasPrefix(prefix) ? Int(name.dropFirst(prefix.count)).map { (name, $0) } : nil }
            .sorted { $0.1 < $1.1 }
            .map { "\(directory)/\($0.0)" }
    }

    /// The DRM card nodes; empty without a KMS driver.
    static func drmCards() -> [String] { paths(prefix: "card", directory: "/dev/dri") }

    /// The framebuffer device nodes.
    static func framebuffers() -> [String] { paths(prefix: "fb", directory: "/dev") }
}
