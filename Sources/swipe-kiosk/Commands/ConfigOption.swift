import ArgumentParser
import KioskRuntime

/// `--config FILE`, one meaning for every command that takes it.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "The config file (default: /etc/swipe-kiosk/kiosk.toml; the built-in demo where there is none).")
    var config: String?

    var source: ConfigurationSource { ConfigurationSource(path: config) }
}
