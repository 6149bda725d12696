import ArgumentParser
import KioskConfig

/// Prints swipe-kiosk.toml(5) from the key table check-config reads; `make man` runs it.
struct ConfigManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config-manual",
        abstract: "Print the config file's manual page, swipe-kiosk.toml(5), in roff.",
        shouldDisplay: false)

    func run() {
        print(ConfigManualPage.render(), terminator: "")
    }
}
