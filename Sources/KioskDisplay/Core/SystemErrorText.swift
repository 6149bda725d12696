import Glibc

/// errno values as readable text, with the usual fix for the ones a kiosk installer meets.
enum SystemErrorText {
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM:
            return "\(text) (run as root or add the service user to the 'video' group)"
        case ENOENT:
            return "\(text) (no such device: is the driver loaded?)"
        case EBUSY:
            return "\(text) (another process holds the device)"
        default:
            return text
        }
    }
}
