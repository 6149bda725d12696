import Foundation

/// A pixel's 0xAARRGGBB as its four channels.
public func channels(_ pixel: UInt32) -> (alpha: Int, red: Int, green: Int, blue: Int) {
    (Int(pixel >> 24), Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
}

/// A new empty folder under the temporary directory; the caller removes it.
public func makeTemporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-camera-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
