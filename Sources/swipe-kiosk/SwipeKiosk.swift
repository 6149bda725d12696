import ArgumentParser

@main
struct SwipeKiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-kiosk",
        abstract: "A touch-kiosk runtime: swipe between screens over a live camera-style background.",
        subcommands: [RunCommand.self, SimulateCommand.self, DemoCommand.self, RenderCommand.self, PreviewCommand.self,
                      BenchCommand.self, CheckConfigCommand.self, ListDevicesCommand.self, RecordCommand.self, CtlCommand.self,
                      ConfigManualCommand.self])
}
