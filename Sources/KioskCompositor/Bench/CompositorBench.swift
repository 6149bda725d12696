import CKioskPixels
import Foundation
import KioskEngine

/// `swipe-kiosk bench`: what a frame costs, measured against copying one frame in the same process.
///
/// Kinds: a full-frame memcpy from the camera frames (the physical floor of any full redraw), an idle frame, a camera-only
/// frame, and the frames of an `overlap` transition over a camera frame that changes every other
/// display frame; the transition is timed with the fused fade pass and, for comparison, without it.
public struct CompositorBench: Sendable {
    public var width: Int
    public var height: Int
    /// Display frames per transition (the card slides over about a third of a second).
    public var transitionFrames: Int
    /// How many times each kind is run; more rounds steady the median.
    public var rounds: Int
    /// Also time the transition drawn without the fused fade, for comparison.
    public var comparesUnfusedFade = true
    /// The styles timed one by one between two card screens (`--style` picks one).
    public var styles: [TransitionStyle] = TransitionStyle.allCases

    public init(width: Int = 1920, height: Int = 1080, transitionFrames: Int = 20, rounds: Int = 10) {
        self.width = width
        self.height = height
        self.transitionFrames = max(transitionFrames, 2)
        self.rounds = max(rounds, 1)
    }

    /// Parses `--size` as given on the command line, `WIDTHxHEIGHT` (e.g. `1920x1080`).
    public init(size: String, transitionFrames: Int = 20, rounds: Int = 10) throws {
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0,
              width <= 16384, height <= 16384 else {
            throw CompositorBenchError(message: "--size \(size): expected WIDTHxHEIGHT in pixels, such as 1920x1080")
        }
        self.init(width: width, height: height, transitionFrames: transitionFrames, rounds: rounds)
    }

    public func run() -> CompositorBenchReport {
        let cameraFrames = [Self.cameraFrame(width: width, height: height, phase: 0),
                            Self.cameraFrame(width: width, height: height, phase: 1)]
        let memcpy = measureMemcpy(cameraFrames, alternating: true)
        let cachedMemcpy = measureMemcpy(cameraFrames, alternating: false)
        let idle = measureIdle(camera: cameraFrames[0])
        let camera = measureCamera(cameraFrames)
        let fused = measureTransition(cameraFrames, fused: true)
        let layered = comparesUnfusedFade ? measureTransition(cameraFrames, fused: false) : BenchTiming(milliseconds: [])
        let styleTimings = styles.map { StyleTiming(style: $0, timing: measureStyle($0, cameraFrames)) }
        return CompositorBenchReport(width: width, height: height, memcpy: memcpy, cachedMemcpy: cachedMemcpy, idle: idle,
                                     camera: camera, transition: fused, transitionWithoutFusedFade: layered,
                                     styles: styleTimings, pixels: String(cString: kiosk_pixels_mode()),
                                     threads: Compositor(displayWidth: 1, displayHeight: 1).threads)
    }

    /// The frames of the middle half of a style's transition (progress 0.25...0.75, where a flip
    /// or cube turns furthest from the screen's plane; exactly half-way a flip is edge-on),
    /// the camera changing every other frame; scrubbed there and back so every round is alike.
    private func measureStyle(_ style: TransitionStyle, _ frames: [PixelBuffer]) -> BenchTiming {
        let scene = StyleBenchScene(style: style, width: width, height: height)
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        compositor.prepare(scene.root)
        return timeTransition(compositor, root: scene.root, frames) { round, along in
            scene.progress = 0.25 + 0.5 * (round % 2 == 0 ? along : 1 - along)
        }
    }

    /// Renders `rounds` + 1 rounds of `transitionFrames` frames, the camera changing every other
    /// frame, and times all but the first round (which draws the surfaces and fills the caches, as
    /// a kiosk's first transition does). `place` sets the scene for a round and the frame's place
    /// along it (0...1) before each frame.
    private func timeTransition(_ compositor: Compositor, root: View, _ frames: [PixelBuffer],
                                place: (_ round: Int, _ along: Double) -> Void) -> BenchTiming {
        var feedIndex = 0
        var times: [Double] = []
        for round in 0...rounds {
            for step in 0..<transitionFrames {
                if step % 2 == 0 {
                    feedIndex ^= 1
                    frames[feedIndex].sequence &+= 1
                }
                place(round, Double(step) / Double(transitionFrames - 1))
                let feed = frames[feedIndex]
                let time = Self.milliseconds { compositor.render(root: root, background: feed) }
                if round > 0 { times.append(time) }
            }
        }
        return BenchTiming(milliseconds: times)
    }

    /// A full-frame copy from the camera frames the transition reads, switching between them as
    /// the transition does (every other frame): the floor under the same memory traffic as the
    /// frames it is compared with. With `alternating` false the same source is copied every time,
    /// which on a machine whose cache holds two frames measures the cache, not the memory.
    private func measureMemcpy(_ frames: [PixelBuffer], alternating: Bool) -> BenchTiming {
        let target = PixelBuffer(width: width, height: height)
        let bytes = target.stride * height
        var feedIndex = 0
        var times: [Double] = []
        for round in 0...rounds {
            for step in 0..<transitionFrames {
                if alternating && step % 2 == 0 { feedIndex ^= 1 }
                let source = frames[feedIndex]
                let time = Self.milliseconds { memcpy(target.pixels, source.pixels, bytes) }
                if round > 0 { times.append(time) }
            }
        }
        return BenchTiming(milliseconds: times)
    }

    private func measureIdle(camera: PixelBuffer) -> BenchTiming {
        let scene = OverlapBenchScene(width: width, height: height)
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        scene.progress = 0.5
        compositor.render(root: scene.root, background: camera)
        let times = (0..<(rounds * transitionFrames)).map { _ in
            Self.milliseconds { compositor.render(root: scene.root, background: camera) }
        }
        return BenchTiming(milliseconds: times)
    }

    private func measureCamera(_ frames: [PixelBuffer]) -> BenchTiming {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        let camera = View(name: "camera screen", frame: root.frame)
        camera.content = .backgroundFeed
        root.addSubview(camera)
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        compositor.render(root: root, background: frames[0])
        var times: [Double] = []
        for frame in 0..<(rounds * transitionFrames) {
            let feed = frames[frame % 2]
            feed.sequence &+= 1
            times.append(Self.milliseconds { compositor.render(root: root, background: feed) })
        }
        return BenchTiming(milliseconds: times)
    }

    private func measureTransition(_ frames: [PixelBuffer], fused: Bool) -> BenchTiming {
        let scene = OverlapBenchScene(width: width, height: height)
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        compositor.fusesFade = fused
        return timeTransition(compositor, root: scene.root, frames) { _, along in scene.progress = along }
    }

    private static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    /// A camera-like picture: smooth colour ramps with a moving stripe, so frames differ.
    public static func cameraFrame(width: Int, height: Int, phase: Int) -> PixelBuffer {
        let frame = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let row = frame.pixels + y * frame.rowLength
            for x in 0..<width {
                let r = UInt32(x * 255 / max(width - 1, 1)), g = UInt32(y * 255 / max(height - 1, 1))
                let b: UInt32 = ((x + y + phase * 40) / 40) % 2 == 0 ? 60 : 200
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return frame
    }
}

/// A bench option that cannot be used, with what to write instead.
public struct CompositorBenchError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
