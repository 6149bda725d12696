import Foundation
import Glibc
import KioskEngine
import KioskProcessSupport
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// `[sound]` played for real: GStreamer's alsasink into an ALSA PCM that keeps time like a card
/// (Tests/alsa/pcm_kiosk_clock.c, built by `make alsa-test-pcm`), which records every frame and
/// the CLOCK_MONOTONIC time the first non-silent frame of each start plays. The whole daemon runs
/// in-process (its touches from the harness); the recording is read back.
final class SoundProcessTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let plugin = root.appendingPathComponent(".build/alsa/libasound_module_pcm_kiosk_clock.so")

    private let centre = Point(x: 160, y: 100)
    private var folder: URL!
    private var recording: URL { folder.appendingPathComponent("out.raw") }
    private var marks: URL { folder.appendingPathComponent("marks.txt") }
    /// While this file exists the test PCM acts as an unplugged USB card.
    private var unplugged: URL { folder.appendingPathComponent("unplugged") }

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.plugin.path) else {
            return XCTFail("\(Self.plugin.path) is missing: run `make alsa-test-pcm` (make test-process does)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A private ALSA config after the system's: the PCM "kiosk" is the clocked recorder.
        let config = folder.appendingPathComponent("asound.conf")
        try """
            pcm_type.kiosk_clock { lib "\(Self.plugin.path)" }
            pcm.kiosk { type kiosk_clock
                file "\(recording.path)"
                marks "\(marks.path)"
                unplugged "\(unplugged.path)" }
            """.write(to: config, atomically: true, encoding: .utf8)
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:\(config.path)", 1)
    }

    override func tearDown() {
        unsetenv("ALSA_CONFIG_PATH")
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// A 48 kHz stereo 16-bit WAV of a 1 kHz sine at `amplitude`, `seconds` long.
    private func writeTone(_ name: String, seconds: Double, amplitude: Double = 16_000) throws {
        let frames = Int(48_000 * seconds)
        var data = Data()
        func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); le(UInt32(36 + frames * 4))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); le(UInt32(16)); le(UInt16(1)); le(UInt16(2))
        le(UInt32(48_000)); le(UInt32(192_000)); le(UInt16(4)); le(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); le(UInt32(frames * 4))
        for frame in 0..<frames {
            let sample = Int16((amplitude * sin(2 * Double.pi * 1000 * Double(frame) / 48_000)).rounded())
            le(sample); le(sample)
        }
        try data.write(to: folder.appendingPathComponent(name))
    }

    private func kiosk(device: String = "kiosk", volume: Double = 0.5) throws -> DaemonHarness {
        let config = "[sound]\ndevice = \"\(device)\"\nvolume = \(volume)\ntap = \"\(folder.appendingPathComponent("tap.wav").path)\"\n"
            + DaemonHarness.buttonScreenConfig(button: "name = \"bell\"\naction = \"signal\"")
        let kiosk = try DaemonHarness(config: config)
        kiosk.settle()
        return kiosk
    }

    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// The PCM's `onset NS peak P` lines, once `count` are there (waiting up to `seconds`).
    private func onsets(_ count: Int, within seconds: Double = 5) -> [(time: Int64, peak: Int)] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let lines = ((try? String(contentsOf: marks, encoding: .utf8)) ?? "").split(separator: "\n")
            let parsed = lines.compactMap { line -> (Int64, Int)? in
                let words = line.split(separator: " ")
                guard words.count == 4, let time = Int64(words[1]), let peak = Int(words[3]) else { return nil }
                return (time, peak)
            }
            if parsed.count >= count || Date() > deadline { return parsed.map { (time: $0.0, peak: $0.1) } }
            usleep(5_000)
        }
    }

    /// Waits (up to 5 s) until the player has opened the PCM: a tap before that would time the opening too.
    private func waitForDeviceOpen() {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let text = (try? String(contentsOf: marks, encoding: .utf8)) ?? ""
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("open ") }) { return }
            usleep(5_000)
        }
        XCTFail("the player never opened the PCM")
    }

    /// Waits (up to 3 s) until the PCM has been given `bytes` (192,000 a second).
    private func waitForRecorded(_ bytes: Int) {
        let deadline = Date().addingTimeInterval(3)
        while recordedBytes() < bytes && Date() < deadline { usleep(5_000) }
    }

    private func recordedBytes() -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: recording.path))?[.size] as? Int) ?? 0
    }

    func testATapPlaysThroughALSAAtTheVolumeWithin50Milliseconds() throws {
        try writeTone("tap.wav", seconds: 0.2)
        let kiosk = try kiosk(volume: 0.5)
        // The device opens on the player's thread: the touch comes once it has.
        waitForDeviceOpen()
        let touched = Self.monotonicNanoseconds()
        try kiosk.press(at: centre, holding: 0)
        let heard = onsets(1)
        XCTAssertEqual(heard.count, 1, "no sound reached the PCM; log: \(kiosk.log.lines)")
        guard let onset = heard.first else { return }
        let latency = Double(onset.time - touched) / 1e6
        print("tap-to-sound: \(String(format: "%.1f", latency)) ms")
        XCTAssertGreaterThan(latency, 0)
        XCTAssertLessThan(latency, 50, "the tap's sound began playing \(latency) ms after the touch")
        // 16000 at volume 0.5.
        XCTAssertEqual(Double(onset.peak), 8000, accuracy: 80)
        // The whole sound is played: 0.2 s of frames at least.
        waitForRecorded(38_400)
        XCTAssertGreaterThanOrEqual(recordedBytes(), 38_400)
    }

    func testANewSoundCutsTheOnePlaying() throws {
        try writeTone("tap.wav", seconds: 1)
        let kiosk = try kiosk()
        waitForDeviceOpen()
        try kiosk.press(at: centre, holding: 0)
        XCTAssertEqual(onsets(1).count, 1)
        // About 0.2 s of the first sound played before the second cuts it.
        waitForRecorded(38_400)
        try kiosk.press(at: centre, holding: 0, id: 2)
        XCTAssertEqual(onsets(2).count, 2, "\(kiosk.log.lines)")
        // The second plays whole (1 s); the first was cut after about 0.2 s of its 1 s.
        let deadline = Date().addingTimeInterval(3)
        var last = -1
        while recordedBytes() != last && Date() < deadline {
            last = recordedBytes()
            usleep(300_000)
        }
        let seconds = Double(recordedBytes()) / 192_000
        XCTAssertGreaterThan(seconds, 1.0)
        XCTAssertLessThan(seconds, 1.6, "the first sound was not cut: \(seconds) s recorded")
    }

    func testABurstOfTapsLeavesNoBacklog() throws {
        try writeTone("tap.wav", seconds: 0.5)
        let kiosk = try kiosk()
        waitForDeviceOpen()
        for id in 1...20 { try kiosk.press(at: centre, holding: 0, id: id) }
        let lastTap = Date()
        // The newest cuts the rest: silence within one sound's length of the last tap, not twenty.
        var last = -1
        var stoppedAt = Date()
        while Date().timeIntervalSince(lastTap) < 12 {
            usleep(100_000)
            let now = recordedBytes()
            if now == last { break }
            last = now
            stoppedAt = Date()
        }
        let tail = stoppedAt.timeIntervalSince(lastTap)
        XCTAssertLessThan(tail, 1.0, "sound went on \(tail) s after the last tap")
        XCTAssertLessThan(Double(recordedBytes()) / 192_000, 2.0, "at most about one sound recorded, not a queue of twenty")
    }

    func testNothingRunsWhileNoSoundPlays() throws {
        try writeTone("tap.wav", seconds: 0.1)
        // Only the threads the kiosk starts are watched: others of the test process (earlier tests') are not its.
        let earlier = Set(Self.threadTicks().keys)
        let kiosk = try kiosk()
        waitForDeviceOpen()
        try kiosk.press(at: centre, holding: 0)
        XCTAssertEqual(onsets(1).count, 1)
        // Played out, the pipeline rests in READY: no thread the kiosk started spends CPU.
        usleep(500_000)
        let before = Self.threadTicks()
        usleep(1_000_000)
        let after = Self.threadTicks()
        let busy = after.filter { $0.value > (before[$0.key] ?? 0) && !earlier.contains($0.key) }
        XCTAssertEqual(busy.count, 0, "threads that ran while no sound played: \(busy)")
        _ = kiosk
    }

    func testAMissingDeviceIsLoggedOnceAndTheKioskRunsSilent() throws {
        try writeTone("tap.wav", seconds: 0.1)
        let kiosk = try kiosk(device: "nosuchdevice")
        try kiosk.press(at: centre, holding: 0)
        // The first try, then one after 1 s: still one line.
        usleep(1_500_000)
        try kiosk.press(at: centre, holding: 0, id: 2)
        usleep(200_000)
        let warnings = kiosk.log.lines.filter { $0.contains("\"nosuchdevice\" cannot be opened") }
        XCTAssertEqual(warnings.count, 1, "\(kiosk.log.lines)")
        XCTAssertEqual(recordedBytes(), 0)
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
    }

    /// A 2 s AVI clip (MJPEG video, a 1 kHz sine at half scale, 16383, as 48 kHz stereo PCM) made with gst-launch-1.0.
    private func writeClip(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let made = try Command.run(Command.find("gst-launch-1.0")!, ["-q",
            "videotestsrc", "num-buffers=60", "!", "video/x-raw,width=160,height=90,framerate=30/1", "!", "jpegenc", "!", "mux.",
            "audiotestsrc", "num-buffers=94", "samplesperbuffer=1024", "volume=0.5", "!", "audio/x-raw,format=S16LE,rate=48000,channels=2",
            "!", "mux.", "avimux", "name=mux", "!", "filesink", "location=\(path)"])
        XCTAssertEqual(made.status, 0, made.error)
        return path
    }

    private func videoKiosk(audio: Bool) throws -> DaemonHarness {
        let clip = try writeClip("clip.avi")
        return try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [sound]
            device = "kiosk"
            volume = 0.5
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "video"
              path = "\(clip)"
              loop = false
              audio = \(audio)
            """)
    }

    func testAVideoWithAudioPlaysItsTrackAtTheVolume() throws {
        let kiosk = try videoKiosk(audio: true)
        let heard = onsets(1, within: 8)
        XCTAssertEqual(heard.count, 1, "the clip's audio never reached the PCM; log: \(kiosk.log.lines)")
        // 16383 at volume 0.5.
        XCTAssertEqual(Double(heard.first?.peak ?? 0), 8192, accuracy: 100)
    }

    func testAVideoWithoutAudioTrueIsSilent() throws {
        let kiosk = try videoKiosk(audio: false)
        // The first frame shows, and no sound is played meanwhile.
        XCTAssertTrue(kiosk.runLoop(limit: 8) { kiosk.daemon.videos.frames.isEmpty == false }, "\(kiosk.log.lines)")
        usleep(500_000)
        XCTAssertEqual(recordedBytes(), 0)
    }

    func testAVideoWhoseDeviceCannotBeOpenedPlaysItsPictureSilentlyAndLogsOnce() throws {
        // The card unplugged before the video starts: its audio cannot be opened.
        FileManager.default.createFile(atPath: unplugged.path, contents: nil)
        let kiosk = try videoKiosk(audio: true)
        // The clip's colour bars, not a black box: some pixel of the middle row is lit.
        func picture() -> PixelBuffer? {
            kiosk.daemon.videos.frames.values.first { frame in
                let row = frame.pixels + frame.height / 2 * frame.stride / 4
                return (0..<frame.width).contains { row[$0] & 0xFF_FFFF > 0x10_1010 }
            }
        }
        XCTAssertTrue(kiosk.runLoop(limit: 8) { picture() != nil }, "the picture never showed; log: \(kiosk.log.lines)")
        // The 2 s clip plays on: new frames keep coming, with no fault and no retry.
        let sequence = picture()?.sequence ?? 0
        XCTAssertTrue(kiosk.runLoop(limit: 3) { (picture()?.sequence ?? 0) > sequence + 5 }, "the picture stopped; log: \(kiosk.log.lines)")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("\"kiosk\" cannot be opened") && $0.contains("silent") }.count, 1,
                       "\(kiosk.log.lines)")
        XCTAssertFalse(kiosk.log.lines.contains { $0.contains("black box") || $0.contains("trying again (") }, "\(kiosk.log.lines)")
        XCTAssertEqual(recordedBytes(), 0)
    }

    func testACardUnpluggedMidSoundChangesNothingElseAndPlaysAgainOnceBack() throws {
        try writeTone("tap.wav", seconds: 1)
        let kiosk = try kiosk()
        waitForDeviceOpen()
        try kiosk.press(at: centre, holding: 0)
        XCTAssertEqual(onsets(1).count, 1)
        // Unplugged 0.2 s into the 1 s sound.
        waitForRecorded(38_400)
        FileManager.default.createFile(atPath: unplugged.path, contents: nil)
        let noticed = Date().addingTimeInterval(5)
        while !kiosk.log.contains("\"kiosk\" cannot be opened") && Date() < noticed { usleep(20_000) }
        // Nothing else changes: the screens still swipe and redraw.
        XCTAssertTrue(try kiosk.daemon.goTo("second", animated: true) == ())
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("\"kiosk\" cannot be opened") }.count, 1, "\(kiosk.log.lines)")
        // Plugged back: opened again after the back-off (1 s), then a tap plays.
        try FileManager.default.removeItem(at: unplugged)
        let deadline = Date().addingTimeInterval(5)
        while !kiosk.log.contains("open again") && Date() < deadline { usleep(20_000) }
        XCTAssertTrue(kiosk.log.contains("open again"), "\(kiosk.log.lines)")
        XCTAssertTrue(try kiosk.daemon.goTo("home", animated: false) == ())
        kiosk.settle()
        try kiosk.press(at: centre, holding: 0, id: 2)
        XCTAssertEqual(onsets(2).count, 2, "\(kiosk.log.lines)")
    }

    /// Each thread's CPU ticks (user + system) from /proc/self/task, by thread id.
    private static func threadTicks() -> [String: Int] {
        var ticks: [String: Int] = [:]
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
            if fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) { ticks[task] = user + system }
        }
        return ticks
    }
}
