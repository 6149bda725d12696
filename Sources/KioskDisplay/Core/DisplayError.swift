import KioskEngine

/// Why a display could not be opened or used; each message names the device and what to do.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    case invalidOption(String)
    case deviceUnavailable(path: String, reason: String)
    case noConnectedConnector(card: String, available: [String])
    case connectorNotFound(card: String, name: String, available: [String])
    case modeNotAvailable(connector: String, requested: String, available: [String])
    case unsupportedFormat(path: String, reason: String)
    case frameSizeMismatch(expected: String, got: String)
    case systemCall(String, device: String, errno: Int32)

    /// Throws `frameSizeMismatch` unless `frame` is `width` x `height`.
    static func requireSize(of frame: PixelBuffer, width: Int, height: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw frameSizeMismatch(expected: "\(width)x\(height)", got: "\(frame.width)x\(frame.height)")
        }
    }

    public var description: String {
        switch self {
        case .invalidOption(let message):
            return "display options: \(message)"
        case .deviceUnavailable(let path, let reason):
            return "\(path): \(reason)"
        case .noConnectedConnector(let card, let available):
            return "\(card): no connected connector (connectors: \(available.isEmpty ? "none" : available.joined(separator: ", "))); plug in a panel or choose another card"
        case .connectorNotFound(let card, let name, let available):
            return "\(card): no connector named \(name); this card has \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        case .modeNotAvailable(let connector, let requested, let available):
            return "\(connector): no mode \(requested); available: \(available.joined(separator: ", "))"
        case .unsupportedFormat(let path, let reason):
            return "\(path): \(reason)"
        case .frameSizeMismatch(let expected, let got):
            return "frame is \(got) but the display is \(expected); compose at the display's size"
        case .systemCall(let call, let device, let code):
            return "\(device): \(call) failed: \(SystemErrorText.describe(code))"
        }
    }
}
