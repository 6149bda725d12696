import Foundation
import KioskEngine

/// The bench's figures, as one JSON line or a few lines of text.
public struct CompositorBenchReport: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Copying one camera frame, the sources alternating as the transition's do: the floor.
    public var memcpy: BenchTiming
    /// Copying the same frame over and over: what the cache alone allows, for reference.
    public var cachedMemcpy: BenchTiming
    public var idle: BenchTiming
    public var camera: BenchTiming
    /// The transition with the fused fade pass, as the daemon draws it.
    public var transition: BenchTiming
    /// The same transition drawn as separate pixman layers, for comparison.
    public var transitionWithoutFusedFade: BenchTiming
    /// Each style's frames between two card screens, in the order run.
    public var styles: [StyleTiming]
    /// Which table of pixel loops ran: "avx512", "avx2", "neon" or "portable" (`kiosk_pixels_mode`).
    public var pixels: String
    /// How many threads the compositor drew with (`Compositor.threads`).
    public var threads: Int

    /// A style's median over the memcpy median.
    public func ratio(_ timing: BenchTiming) -> Double { memcpy.median > 0 ? timing.median / memcpy.median : 0 }

    /// Transition median over memcpy median: the goal is 3 or less at 1920x1080.
    public var ratio: Double { memcpy.median > 0 ? transition.median / memcpy.median : 0 }
    /// The same against the cache-hot copy: the stricter, less physical comparison.
    public var cachedRatio: Double { cachedMemcpy.median > 0 ? transition.median / cachedMemcpy.median : 0 }

    /// Exactly one line, e.g. `{"width":1920,"height":1080,"memcpy_ms":0.6,"transition_frame_ms":{"median":2.1,"p99":2.8},...}`.
    public var jsonLine: String {
        func ms(_ v: Double) -> String { String(format: "%.3f", v) }
        func timing(_ t: BenchTiming) -> String { "{\"median\":\(ms(t.median)),\"p99\":\(ms(t.p99))}" }
        return "{\"width\":\(width),\"height\":\(height),\"memcpy_ms\":\(ms(memcpy.median)),"
            + "\"transition_frame_ms\":\(timing(transition)),\"camera_frame_ms\":\(timing(camera)),"
            + "\"idle_frame_ms\":\(timing(idle)),\"ratio\":\(String(format: "%.2f", ratio)),"
            + "\"transition_unfused_frame_ms\":\(timing(transitionWithoutFusedFade)),"
            + "\"memcpy_cached_ms\":\(ms(cachedMemcpy.median)),\"ratio_to_cached_memcpy\":\(String(format: "%.2f", cachedRatio)),"
            + "\"pixels\":\"\(pixels)\",\"threads\":\(threads),\"styles\":{"
            + styles.map { "\"\($0.style.rawValue)\":{\"median\":\(ms($0.timing.median)),\"p99\":\(ms($0.timing.p99)),"
                + "\"ratio\":\(String(format: "%.2f", ratio($0.timing)))}" }.joined(separator: ",")
            + "}}"
    }

    public var text: String {
        func row(_ name: String, _ t: BenchTiming) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + String(format: "median %7.3f ms   p99 %7.3f ms   (%d frames)", t.median, t.p99, t.samples)
        }
        return ([
            "compositor bench at \(width)x\(height)",
            row("memcpy of a camera frame (the floor)", memcpy),
            row("  same frame again (cache-hot)", cachedMemcpy),
            row("idle frame", idle),
            row("camera-only frame", camera),
            row("overlap transition frame", transition),
            row("  same, without the fused fade", transitionWithoutFusedFade),
            String(format: "ratio (transition / memcpy): %.2f   goal <= 3, stretch <= 2", ratio),
            String(format: "ratio to the cache-hot memcpy:  %.2f", cachedRatio),
            "styles, middle half of each transition (pixel loops: \(pixels), \(threads) threads):",
        ] + styles.map {
            row("  " + $0.style.rawValue, $0.timing) + String(format: "   ratio %.2f", ratio($0.timing))
        }).joined(separator: "\n")
    }
}
