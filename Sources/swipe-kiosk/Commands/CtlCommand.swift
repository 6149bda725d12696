import ArgumentParser
import Foundation
import KioskConfig
import KioskRuntime

extension ControlBus: ExpressibleByArgument {}

/// `swipe-kiosk ctl`: drives a running kiosk through its D-Bus interface org.swipekiosk.Kiosk1.
struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Control a running kiosk over D-Bus: status, goto, screenshot, reload, blank, wake, brightness, volume, set, get.",
        subcommands: [Status.self, GoTo.self, Screenshot.self, Reload.self, Blank.self, Wake.self, Brightness.self,
                      Volume.self, SetValue.self, GetValue.self])

    /// The options every `ctl` command takes.
    struct Connection: ParsableArguments {
        @Option(name: .long, help: "The bus the kiosk is on: system or session (DBUS_SYSTEM_BUS_ADDRESS / DBUS_SESSION_BUS_ADDRESS choose another).")
        var bus: ControlBus = .system

        /// Runs `body` with a client; a failed call exits non-zero with the kiosk's error text.
        func run(_ body: (ControlClient) throws(BusError) -> Void) throws {
            guard bus != .none else { throw ValidationError("--bus must be system or session") }
            do {
                try body(try ControlClient(bus: bus))
            } catch {
                FileHandle.standardError.write(Data("swipe-kiosk ctl: \(explain(error))\n".utf8))
                throw ExitCode.failure
            }
        }

        private func explain(_ error: BusError) -> String {
            switch error.name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
                "no kiosk is running on the \(bus.rawValue) bus (\(KioskBusInterface.busName) has no owner)"
            case "org.freedesktop.DBus.Error.AccessDenied":
                "access denied: run as root or as a member of the swipe-kiosk group (\(error.message))"
            default:
                error.description
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the current screen, the screens, blanking, display, camera, touch devices and uptime.")
        @OptionGroup var connection: Connection
        @Flag(name: .long, help: "Print JSON instead of text.")
        var json = false
        @Flag(name: .long, help: "Print the kiosk's Prometheus metrics instead.")
        var metrics = false

        func run() throws {
            try connection.run { client throws(BusError) in
                if metrics { return print(try client.metrics(), terminator: "") }
                let status = try client.status()
                guard json else { return print(status.text) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: (try? encoder.encode(status)) ?? Data(), as: UTF8.self))
            }
        }
    }

    struct GoTo: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "goto", abstract: "Go to a screen, as its tab button does.")
        @OptionGroup var connection: Connection
        @Argument(help: "The screen's name.")
        var screen: String
        @Flag(name: .customLong("no-animation"), help: "Switch at once, without the transition.")
        var noAnimation = false
        @Option(name: .long, help: "The output whose deck changes, as `ctl status` lists it (default: the first output's).")
        var output: String?

        func run() throws {
            try connection.run { client throws(BusError) in
                if let output { return try client.goTo(output: output, screen: screen, animated: !noAnimation) }
                try client.goTo(screen, animated: !noAnimation)
            }
        }
    }

    struct Screenshot: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save what the display shows now as a PNG, upright as seen at the panel.")
        @OptionGroup var connection: Connection
        @Argument(help: "The PNG file to write.")
        var file: String
        @Flag(name: .long, help: "The display's buffer as scanned out (turned by [display] rotation) instead; read back from the display hardware where a DRM writeback connector allows.")
        var scanout = false
        @Option(name: .long, help: "The output to capture, as `ctl status` lists it (default: the first output).")
        var output: String?

        func validate() throws {
            if output != nil && scanout { throw ValidationError("--scanout is for the first output; leave it out with --output") }
        }

        func run() throws {
            var png = Data()
            try connection.run { client throws(BusError) in
                if let output {
                    png = try client.screenshot(output: output)
                } else {
                    png = try client.screenshot(scanout: scanout)
                }
            }
            do {
                try png.write(to: URL(fileURLWithPath: file))
            } catch {
                throw ValidationError("cannot write \(file): \(error.localizedDescription)")
            }
            print("\(file): \(png.count) bytes")
        }
    }

    struct Reload: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reload the config file, as SIGHUP: prints what it did and the keys only a restart applies; its errors when it is rejected.")
        @OptionGroup var connection: Connection
        func run() throws { try connection.run { client throws(BusError) in print(try client.reload()) } }
    }

    struct Blank: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Power the panel down until a touch or `wake`.")
        @OptionGroup var connection: Connection
        func run() throws { try connection.run { client throws(BusError) in try client.blank() } }
    }

    struct Wake: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Power the panel up again.")
        @OptionGroup var connection: Connection
        func run() throws { try connection.run { client throws(BusError) in try client.wake() } }
    }

    struct Brightness: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the backlight level while awake (0...1), or set it, fading.")
        @OptionGroup var connection: Connection
        @Argument(help: "The new level, 0 to 1; without it the current one is printed.")
        var level: Double?

        func validate() throws {
            if let level, !(0...1).contains(level) { throw ValidationError("the level must be between 0 and 1, not \(level)") }
        }

        func run() throws {
            try connection.run { client throws(BusError) in
                guard let level else { return print(try client.brightness()) }
                try client.setBrightness(level)
            }
        }
    }

    struct Volume: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the sound volume (0...1), or set it.")
        @OptionGroup var connection: Connection
        @Argument(help: "The new volume, 0 to 1; without it the current one is printed.")
        var level: Double?

        func validate() throws {
            if let level, !(0...1).contains(level) { throw ValidationError("the volume must be between 0 and 1, not \(level)") }
        }

        func run() throws {
            try connection.run { client throws(BusError) in
                guard let level else { return print(try client.volume()) }
                try client.setVolume(level)
            }
        }
    }

    struct SetValue: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set a value whose source is \"dbus\"; the texts that show it redraw.")
        @OptionGroup var connection: Connection
        @Argument(help: "The value's name, as in [[value]] name.")
        var name: String
        @Argument(help: "Its new text.")
        var value: String

        func run() throws {
            try connection.run { client throws(BusError) in try client.setValue(name, to: value) }
        }
    }

    struct GetValue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print one value's text, or every value as NAME=TEXT lines.",
            discussion: "Texts are printed escaped, one line each: a newline as \\n, a tab as \\t, a backslash as \\\\, "
                + "other control characters as \\u{XX}. --json prints an object of name to text instead.")
        @OptionGroup var connection: Connection
        @Argument(help: "The value's name; omitted, every value.")
        var name: String?
        @Flag(name: .long, help: "Print a JSON object of name to text.")
        var json = false

        func run() throws {
            var values: [String: String] = [:]
            try connection.run { client throws(BusError) in values = try client.values() }
            if let name {
                guard let text = values[name] else {
                    let known = values.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    throw ValidationError("no value named \"\(name)\"; values: \(known.isEmpty ? "none" : known)")
                }
                guard json else { return print(ValueListing.escaped(text)) }
                values = [name: text]
            }
            print(json ? ValueListing.json(values) : ValueListing.plain(values), terminator: "")
        }
    }
}
