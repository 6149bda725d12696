import Glibc

/// Writes one line to stderr (the daemon's journal), prefixed with the program's name.
func logLine(_ message: String) {
    var line = "swipe-kiosk-web: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
