import Foundation

/// A message as the broker delivered it.
struct MqttMessage {
    let topic: String
    /// nil when the payload is longer than `MqttClient.payloadLimit` (it was never copied).
    let payload: Data?
    /// The payload's length in bytes.
    let size: Int
    /// Sent as the broker's retained message for the topic (on subscribing), not live.
    let retained: Bool
}
