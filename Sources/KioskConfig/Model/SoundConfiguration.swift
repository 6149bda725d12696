/// `[sound]`: the sounds taps and swipes make, and where they play.
public struct SoundConfiguration: Hashable, Sendable {
    /// The ALSA device played to (GStreamer's alsasink `device`).
    public var device = "default"
    /// 0...1; `ctl volume`, D-Bus `Volume` and MQTT `P/command/volume` change it while running.
    public var volume = 1.0
    /// Played when a button without its own `sound` is tapped.
    public var tap: String?
    /// Played when a transition to another screen completes.
    public var swipe: String?

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        device = table.nonEmptyString("device", default: device)
        volume = table.number("volume", default: volume, in: 0...1)
        tap = table.filePath("tap")
        swipe = table.filePath("swipe")
        table.finishReading()
    }
}

extension KioskConfiguration {
    /// Every sound file the configuration names with the key that names it: `[sound] tap` and
    /// `swipe`, then each button's `sound`, scroll contents included.
    var soundFiles: [(path: String, key: ConfigPath)] {
        let section = ConfigPath.root.appending("sound")
        var found: [(path: String, key: ConfigPath)] = []
        if let tap = sound.tap { found.append((tap, section.appending("tap"))) }
        if let swipe = sound.swipe { found.append((swipe, section.appending("swipe"))) }
        func collect(_ elements: [ElementConfiguration], at path: ConfigPath) {
            for (index, element) in elements.enumerated() {
                switch element.kind {
                case .button(let button):
                    if let file = button.sound { found.append((file, path.appending(index: index).appending("sound"))) }
                case .scroll(let scroll):
                    collect(scroll.content, at: path.appending(index: index).appending("content"))
                case .color, .gradient, .image, .text, .card, .video, .web:
                    break
                }
            }
        }
        for (index, screen) in screens.enumerated() {
            collect(screen.elements, at: ConfigPath.root.appending("screen").appending(index: index).appending("element"))
        }
        return found
    }

    /// Every sound file the configuration names, once each.
    public var soundPaths: Set<String> { Set(soundFiles.map(\.path)) }
}
