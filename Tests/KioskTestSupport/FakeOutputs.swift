import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import KioskRuntime
import KioskTouch

/// The outputs beside the first for `DaemonHarness`: each a headless display on its own manual
/// frame clock (its `mode`'s rate), copying frames, and a fake touch source per output that
/// `[[input.device]] output` maps devices to. Keyed by the output's connector name; a connector
/// named `REFUSED...` cannot be opened, as a panel that is not there.
package final class FakeOutputs {
    package private(set) var displays: [String: HeadlessDisplay] = [:]
    package private(set) var touches: [String: FakeTouchSource] = [:]
    /// The touch surface each output's source was made for (its scene turned by its rotation).
    package private(set) var surfaces: [String: TouchSurface] = [:]

    package init() {}

    package func makeDisplay(_ output: OutputConfiguration, _ display: DisplayConfiguration) throws -> any Display {
        if output.connector.hasPrefix("REFUSED") {
            throw DisplayError.connectorNotFound(card: "/dev/dri/card0", name: output.connector, available: ["HDMI-A-1"])
        }
        let opened = try DaemonParts.headlessOutput(virtualClock: true, copiesFrames: true)(output, display)
        displays[output.connector] = opened as? HeadlessDisplay
        return opened
    }

    package func makeTouchSource(_ output: String, _ input: InputConfiguration, _ surface: TouchSurface) -> (any TouchSource)? {
        let source = touches[output] ?? FakeTouchSource()
        touches[output] = source
        surfaces[output] = surface
        return source
    }

    /// The manual frame clock of `output`'s display.
    package func clock(_ output: String) -> ManualFrameClock {
        displays[output]!.virtualClock!
    }
}
