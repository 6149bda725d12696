import Foundation
import Glibc
import KioskConfig
import KioskEngine

/// `[mqtt] password-file`: its first line is the broker password. A path under
/// `$CREDENTIALS_DIRECTORY/` is read from systemd's credentials (`LoadCredential=`); a file that
/// others than its owner and group may read is refused, since the password would not be secret.
struct MqttPasswordFile {
    let path: String

    /// The file's first line; throws why it cannot be used, naming the file and what to do.
    func read(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let file = try resolved(environment: environment)
        var info = stat()
        guard stat(file, &info) == 0 else {
            throw MqttError("cannot read [mqtt] password-file \(file): \(String(cString: strerror(errno))); "
                            + "check that it exists and the service may read it")
        }
        guard info.st_mode & 0o007 == 0 else {
            throw MqttError("[mqtt] password-file \(file) may be read by others than its owner and group (mode "
                            + "\(String(info.st_mode & 0o777, radix: 8))), so the password is not secret: make it "
                            + "`chmod 0600` (owner root), or give it to the service with LoadCredential=")
        }
        do {
            // A regular file only (a FIFO is refused unopened); a password is a line, not megabytes.
            let text = String(decoding: try RegularFile.read(file, upTo: 4096).bytes, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        } catch {
            throw MqttError("cannot read [mqtt] password-file \(file): \(error); check that it exists and the service may read it")
        }
    }

    /// The path with `$CREDENTIALS_DIRECTORY` put in from the environment systemd gives the service.
    private func resolved(environment: [String: String]) throws -> String {
        guard path.hasPrefix(MqttConfiguration.credentialsPrefix) else { return path }
        guard let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty else {
            throw MqttError("[mqtt] password-file \(path) names systemd's credentials, but CREDENTIALS_DIRECTORY is not set: "
                            + "the unit needs LoadCredential=\(path.dropFirst(MqttConfiguration.credentialsPrefix.count)):FILE")
        }
        return directory + "/" + path.dropFirst(MqttConfiguration.credentialsPrefix.count)
    }
}
