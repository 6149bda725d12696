import Foundation
import KioskEngine

/// A message on `P/command/...`, parsed; its `name` is the topic after `command/` (as `P/result` reports it).
enum MqttCommand: Equatable {
    case goTo(screen: String, animated: Bool)
    case set(name: String, text: String)
    case blank
    case wake
    case brightness(Double)
    case volume(Double)
    case reload
    /// Presses a button as a finger would (Home Assistant's button entities).
    case press(screen: String, button: String)

    /// Every command topic's tail, for the error an unknown one gets.
    static let names = "goto, set/NAME, blank, wake, brightness, volume, reload, press"

    /// Parses the command `name` with `payload`; throws the text `P/result` reports.
    init(name: String, payload: String) throws(ControlError) {
        switch name {
        case "goto":
            let trimmed = payload.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("{") {
                guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any],
                      let screen = object["screen"] as? String else {
                    throw .invalidArgument("goto takes a screen name or {\"screen\": NAME, \"animated\": true|false}")
                }
                self = .goTo(screen: screen, animated: (object["animated"] as? Bool) ?? true)
            } else {
                self = .goTo(screen: trimmed, animated: true)
            }
        case "blank":
            // Home Assistant's light switches with "true" (blank) and "false" (lit).
            self = payload.trimmingCharacters(in: .whitespacesAndNewlines) == "false" ? .wake : .blank
        case "press":
            guard let object = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any],
                  let screen = object["screen"] as? String, let button = object["button"] as? String else {
                throw .invalidArgument("press takes {\"screen\": NAME, \"button\": NAME}")
            }
            self = .press(screen: screen, button: button)
        case "wake":
            self = .wake
        case "reload":
            self = .reload
        case "brightness":
            guard let level = Double(payload.trimmingCharacters(in: .whitespacesAndNewlines)), level.isFinite else {
                throw .invalidArgument("brightness takes a number between 0 and 1, not \"\(MessageText.shortened(payload))\"")
            }
            self = .brightness(level)
        case "volume":
            guard let level = Double(payload.trimmingCharacters(in: .whitespacesAndNewlines)), level.isFinite else {
                throw .invalidArgument("volume takes a number between 0 and 1, not \"\(MessageText.shortened(payload))\"")
            }
            self = .volume(level)
        default:
            guard name.hasPrefix("set/"), name.count > 4 else {
                throw .invalidArgument("unknown command \"\(MessageText.shortened(name))\"; commands: \(Self.names)")
            }
            self = .set(name: String(name.dropFirst(4)), text: payload)
        }
    }

    /// Runs the command on `target`, the one the D-Bus front end uses; `answer` hears how it went
    /// (at once, or for `reload` once it has run within SIGHUP's limit), with a reload's summary.
    func run(on target: any ControlTarget, answer: @escaping (ControlError?, _ summary: String?) -> Void) {
        if self == .reload {
            return target.requestReload { result in
                switch result {
                case .success(let summary): answer(nil, summary)
                case .failure(let error): answer(error, nil)
                }
            }
        }
        do {
            switch self {
            case .goTo(let screen, let animated): try target.goTo(screen: screen, animated: animated)
            case .set(let name, let text): try target.setValue(name: name, value: text)
            case .blank: try target.blankPanel()
            case .wake: try target.wakePanel()
            case .brightness(let level): try target.setBrightness(level)
            case .volume(let level): try target.setVolume(level)
            case .reload: break
            case .press(let screen, let button): try target.pressButton(screen: screen, button: button)
            }
            answer(nil, nil)
        } catch {
            answer(error, nil)
        }
    }
}
