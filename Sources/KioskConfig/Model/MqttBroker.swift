/// Where `[mqtt] broker` points: `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS).
public struct MqttBroker: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var usesTLS: Bool

    public init(host: String, port: Int, usesTLS: Bool) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
    }

    /// `mqtt://host`, `mqtts://host:8883`, `mqtt://[::1]:1883`; nil for anything else.
    public init?(parsing text: String) {
        let tls: Bool
        let rest: Substring
        if text.hasPrefix("mqtt://") {
            (tls, rest) = (false, text.dropFirst(7))
        } else if text.hasPrefix("mqtts://") {
            (tls, rest) = (true, text.dropFirst(8))
        } else {
            return nil
        }
        var host = rest, port = tls ? 8883 : 1883
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else { return nil }
                port = number
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let number = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = number
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@"), (1...65_535).contains(port) else { return nil }
        self.init(host: String(host), port: port, usesTLS: tls)
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }
}
