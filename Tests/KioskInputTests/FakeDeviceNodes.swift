import Foundation
import KioskEngine
import KioskTouch
@testable import KioskInput

/// A temporary stand-in for /dev/input: real files (so inotify sees them come and go) whose
/// opening is answered by pipe-backed devices or by the error planned for them.
final class FakeDeviceNodes {
    let directory: String
    var plan: [String: Result<InputDeviceDescription, TouchDeviceError>] = [:]
    private(set) var opened: [String: PipeEvdevSource] = [:]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Creates the node `name`, to be opened as `description` (or to fail with `error`).
    func add(_ name: String, _ description: InputDeviceDescription) {
        plan[path(name)] = .success(description)
        precondition(FileManager.default.createFile(atPath: path(name), contents: nil))
    }

    func add(_ name: String, failingWith code: Int32) {
        plan[path(name)] = .failure(TouchDeviceError.opening(path(name), errno: code))
        precondition(FileManager.default.createFile(atPath: path(name), contents: nil))
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: path(name))
    }

    /// What `TouchMonitor` and `TouchDeviceLister` call to open a node.
    func open(_ path: String) throws -> any EvdevEventSource {
        guard let planned = plan[path] else { throw TouchDeviceError.opening(path, errno: ENOENT) }
        let source = PipeEvdevSource(path: path, description: try planned.get())
        opened[path] = source
        return source
    }
}
