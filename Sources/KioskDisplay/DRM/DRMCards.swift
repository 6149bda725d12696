import Foundation

/// The DRM card nodes on this machine.
enum DRMCards {
    /// `/dev/dri/card*` in numeric order; empty without a KMS driver.
    static func paths(directory: String = "/dev/dri") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names
            .filter { $0.hasPrefix("card") && Int($0.dropFirst(4)) != nil }
            .sorted { Int($0.dropFirst(4))! < Int($1.dropFirst(4))! }
            .map { "\(directory)/\($0)" }
    }
}
