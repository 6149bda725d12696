import ArgumentParser

@main
struct SwipeKiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-kiosk",
        abstract: "A touch-kiosk runtime: swipe between screens over a live camera-style background.",
        subcommands: [SimulateCommand.self, DemoCommand.self, CheckConfigCommand.self, RecordCommand.self])
}
