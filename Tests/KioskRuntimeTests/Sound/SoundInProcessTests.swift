import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// `[sound]` on the whole daemon in-process with a fake sink: which sound a tap and a completed
/// swipe ask for, silence while dark, the volume from every front end, decoding once per file.
/// (Real playback through ALSA: SoundProcessTests.)
final class SoundInProcessTests: XCTestCase {
    private final class Changes: KioskDaemonObserver {
        var properties: [Set<KioskDaemonProperty>] = []
        func propertiesChanged(_ changed: Set<KioskDaemonProperty>) { properties.append(changed) }
    }

    private let centre = Point(x: 160, y: 100)
    private let sink = FakeSoundSink()

    private func kiosk(sound: String = "tap = \"tap.wav\"\nswipe = \"swipe.wav\"", button: String) throws -> DaemonHarness {
        let config = "[sound]\ndevice = \"plughw:1\"\nvolume = 0.5\n\(sound)\n" + DaemonHarness.buttonScreenConfig(button: button)
        let kiosk = try DaemonHarness(config: config, soundSink: sink)
        kiosk.settle()
        return kiosk
    }

    private func names(_ paths: [String]) -> [String] { paths.map { ($0 as NSString).lastPathComponent } }

    func testATapPlaysTheButtonsOwnSoundAndOtherwiseTheTapSound() throws {
        let own = try kiosk(button: "name = \"bell\"\naction = \"signal\"\nsound = \"ding.wav\"")
        try own.press(at: centre)
        XCTAssertEqual(names(sink.played), ["ding.wav"])
        XCTAssertEqual(sink.devices, ["plughw:1"])
        XCTAssertEqual(sink.volumes.last, 0.5)

        let other = FakeSoundSink()
        let plain = try DaemonHarness(config: "[sound]\ntap = \"tap.wav\"\n" + DaemonHarness.buttonScreenConfig(button: "name = \"bell\"\naction = \"signal\""),
                                      soundSink: other)
        plain.settle()
        try plain.press(at: centre)
        XCTAssertEqual(names(other.played), ["tap.wav"])
        // Relative paths are read from the config file's folder.
        XCTAssertEqual(other.played.first, plain.configURL.deletingLastPathComponent().appendingPathComponent("tap.wav").path)
    }

    func testAScreenButtonTapsThenItsCompletedTransitionSwipes() throws {
        let kiosk = try kiosk(button: "target = \"second\"")
        try kiosk.press(at: centre)
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
        XCTAssertEqual(names(sink.played), ["tap.wav", "swipe.wav"])
    }

    func testEachFileIsDecodedOnceAndAReloadDecodesOnlyNewOnes() throws {
        let kiosk = try kiosk(button: "name = \"bell\"\naction = \"signal\"\nsound = \"tap.wav\"")
        XCTAssertEqual(names(sink.loaded), ["swipe.wav", "tap.wav"])
        for id in 1...3 { try kiosk.press(at: centre, id: id) }
        XCTAssertEqual(names(sink.loaded), ["swipe.wav", "tap.wav"])
        var config = try String(contentsOf: kiosk.configURL, encoding: .utf8)
        config = config.replacingOccurrences(of: "swipe = \"swipe.wav\"", with: "swipe = \"chime.wav\"")
        try config.write(to: kiosk.configURL, atomically: true, encoding: .utf8)
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(names(sink.loaded), ["swipe.wav", "tap.wav", "chime.wav"])
        XCTAssertEqual(kiosk.daemon.sound.decodedBytes, 2 * 19_200)
    }

    func testAnUndecodableFileIsLoggedAndTheRestPlay() throws {
        sink.undecodable = ["broken.wav": "no audio"]
        let kiosk = try kiosk(sound: "tap = \"broken.wav\"\nswipe = \"swipe.wav\"", button: "target = \"second\"")
        try kiosk.press(at: centre)
        kiosk.settle()
        XCTAssertEqual(names(sink.played), ["swipe.wav"])
        XCTAssertTrue(kiosk.log.contains("broken.wav: no audio"), "\(kiosk.log.lines)")
    }

    func testThePanelDarkIsSilent() throws {
        let kiosk = try kiosk(button: "name = \"bell\"\naction = \"signal\"")
        kiosk.daemon.blank()
        XCTAssertTrue(kiosk.daemon.isBlanked)
        XCTAssertEqual(sink.requests.last, .stop)
        XCTAssertTrue(kiosk.daemon.pressButton(screen: "home", button: "bell"))
        XCTAssertEqual(sink.played, [])
        kiosk.daemon.wake()
        XCTAssertTrue(kiosk.daemon.pressButton(screen: "home", button: "bell"))
        XCTAssertEqual(names(sink.played), ["tap.wav"])
    }

    func testVideoAudioFollowsTheDeviceTheVolumeAndTheDark() throws {
        let kiosk = try kiosk(button: "name = \"bell\"\naction = \"signal\"")
        let audio = kiosk.daemon.sound.videoAudio
        XCTAssertEqual(audio.device, "plughw:1")
        XCTAssertEqual(audio.level, 0.5)
        kiosk.daemon.setVolume(0.25)
        XCTAssertEqual(audio.level, 0.25)
        kiosk.daemon.blank()
        XCTAssertEqual(audio.level, 0, "dark: video audio muted")
        kiosk.daemon.setVolume(0.75)
        XCTAssertEqual(audio.level, 0, "still dark")
        kiosk.daemon.wake()
        XCTAssertEqual(audio.level, 0.75)
    }

    func testVolumeFromControlIsCheckedAppliedAndAnnounced() throws {
        let kiosk = try kiosk(button: "name = \"bell\"\naction = \"signal\"")
        let changes = Changes()
        kiosk.daemon.addObserver(changes)
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        XCTAssertEqual(control.volume, 0.5)
        try control.setVolume(0.25)
        XCTAssertEqual(control.volume, 0.25)
        XCTAssertEqual(sink.volumes.last, 0.25)
        XCTAssertTrue(changes.properties.contains([.volume]))
        XCTAssertThrowsError(try control.setVolume(1.5))
        XCTAssertEqual(control.volume, 0.25)
        // A volume of 0 plays nothing at all.
        try control.setVolume(0)
        try kiosk.press(at: centre)
        XCTAssertEqual(sink.played, [])
    }

    func testAReloadKeepsTheVolumeSetUnlessItChangesVolume() throws {
        let kiosk = try DaemonHarness(config: "[sound]\nvolume = 0.5\n" + DaemonHarness.buttonScreenConfig(button: "target = \"second\""),
                                      soundSink: sink)
        kiosk.settle()
        kiosk.daemon.setVolume(0.25)
        try kiosk.rewriteConfig("[sound]\nvolume = 0.5\n" + DaemonHarness.buttonScreenConfig(button: "target = \"second\"\ncorner-radius = 4"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.daemon.volume, 0.25, "a reload that leaves volume alone keeps the one set")
        try kiosk.rewriteConfig("[sound]\nvolume = 0.75\n" + DaemonHarness.buttonScreenConfig(button: "target = \"second\""))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.daemon.volume, 0.75)
    }

    func testMqttVolumeCommandParses() throws {
        XCTAssertEqual(try MqttCommand(name: "volume", payload: " 0.25\n"), .volume(0.25))
        XCTAssertThrowsError(try MqttCommand(name: "volume", payload: "loud"))
        XCTAssertThrowsError(try MqttCommand(name: "volume", payload: "nan"))
    }

    func testAKioskWithoutSoundsMakesNoSink() throws {
        let kiosk = try DaemonHarness(config: DaemonHarness.buttonScreenConfig(button: "target = \"second\""), soundSink: sink)
        kiosk.settle()
        try kiosk.press(at: centre)
        XCTAssertEqual(sink.devices, [])
        XCTAssertEqual(sink.requests, [])
    }
}
