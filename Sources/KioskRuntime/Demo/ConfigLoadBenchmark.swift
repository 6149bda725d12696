import KioskCompositor
import KioskConfig

/// `swipe-kiosk bench`'s config figure: loading (parsing, checking the schema, placing the errors)
/// the largest config the daemon reads, which start-up and every reload do.
public enum ConfigLoadBenchmark {
    /// A valid config of text screens, as many as fit under `ConfigBounds.maximumBytes`.
    public static func largestConfig() -> String {
        var text = ""
        var index = 0
        while true {
            let screen = "[[screen]]\nname = \"s\(index)\"\n  [[screen.element]]\n  type = \"text\"\n"
                + "  x = 40\n  y = 40\n  width = 800\n  height = 60\n  text = \"Screen \(index) \\u00E9\"\n"
            guard text.utf8.count + screen.utf8.count <= ConfigBounds.maximumBytes else { return text }
            text += screen
            index += 1
        }
    }

    /// The load's times over `runs` runs; nil when the config does not load (a bench that measures an error is wrong).
    public static func timing(runs: Int = 5) -> BenchTiming? {
        let text = largestConfig()
        let clock = ContinuousClock()
        var milliseconds: [Double] = []
        for _ in 0..<max(runs, 1) {
            var loaded = false
            let elapsed = clock.measure {
                if case .success = ConfigurationLoader.parse(text, fileName: "bench.toml") { loaded = true }
            }
            guard loaded else { return nil }
            milliseconds.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return BenchTiming(milliseconds: milliseconds)
    }
}
