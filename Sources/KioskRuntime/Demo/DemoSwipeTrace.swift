import Foundation
import KioskEngine

/// The swipe the demo plays: an evemu recording of a virtual protocol-B touchscreen whose axes
/// match the panel's native scan-out, made in code so the demo needs no file next to the binary.
/// The strokes are along the user's horizontal: on a rotated display they are turned onto the panel.
///
/// The story: swipe to the card screen, on to the third screen, a hesitant drag back that is
/// released short of half-way (the transition cancels), then a quick flick back.
public struct DemoSwipeTrace {
    /// The panel's native size (before the display's rotation), which the axes span.
    public var width: Int
    public var height: Int
    /// The display's rotation: how the picture the user sees is turned on the panel.
    public var rotation: Rotation
    /// Touch samples per second, as a typical panel reports.
    public var sampleRate: Double = 100

    public init(width: Int = 1280, height: Int = 800, rotation: Rotation = .none) {
        self.width = width
        self.height = height
        self.rotation = rotation
    }

    /// One finger stroke: from and to as fractions of the picture's width, at `y` as a fraction of its height.
    struct Stroke {
        var start: Double
        var from: Double
        var to: Double
        var y: Double
        var duration: Double
        /// Seconds the finger rests at the end before lifting: a slow release has no velocity.
        var hold: Double = 0
    }

    var strokes: [Stroke] {
        [
            Stroke(start: 0.30, from: 0.82, to: 0.25, y: 0.52, duration: 0.25),
            Stroke(start: 1.40, from: 0.80, to: 0.28, y: 0.48, duration: 0.30),
            Stroke(start: 2.50, from: 0.30, to: 0.52, y: 0.50, duration: 0.45, hold: 0.25),
            Stroke(start: 3.70, from: 0.20, to: 0.85, y: 0.55, duration: 0.22),
        ]
    }

    /// The recording in `# EVEMU 1.3` format: description, then events.
    public var evemuText: String {
        var lines = [
            "# EVEMU 1.3",
            "# SwipeKiosk built-in demo trace",
            "N: SwipeKiosk demo touchscreen",
            "I: 0006 1d6b 0001 0001",
            "P: 02 00 00 00 00 00 00 00",
            "B: 00 0b 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 04 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 01 00 00 00 00 00 00 00 00",
            "B: 03 03 00 00 00 00 80 60 02",
            "A: 00 0 \(width - 1) 0 0 0",
            "A: 01 0 \(height - 1) 0 0 0",
            "A: 2f 0 9 0 0 0",
            "A: 35 0 \(width - 1) 0 0 0",
            "A: 36 0 \(height - 1) 0 0 0",
            "A: 39 0 65535 0 0 0",
        ]
        var trackingID = 100
        for stroke in strokes {
            lines += events(for: stroke, trackingID: trackingID)
            trackingID += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func events(for stroke: Stroke, trackingID: Int) -> [String] {
        let samples = max(Int(stroke.duration * sampleRate), 2)
        var out: [String] = []
        func line(_ time: Double, _ type: Int, _ code: Int, _ value: Int) {
            let seconds = Int(time)
            let micros = Int(((time - Double(seconds)) * 1_000_000).rounded())
            out.append(String(format: "E: %d.%06d %04x %04x %d", seconds, micros, type, code, value))
        }
        for step in 0...samples {
            let fraction = Double(step) / Double(samples)
            // Ease-out: a finger decelerates towards the end of a stroke.
            let eased = 1 - (1 - fraction) * (1 - fraction)
            let picture = Point(x: stroke.from + (stroke.to - stroke.from) * eased, y: stroke.y)
            let panel = rotation.turning(normalised: picture)
            let x = Int(panel.x * Double(width - 1))
            let y = Int(panel.y * Double(height - 1))
            let time = stroke.start + fraction * stroke.duration
            if step == 0 {
                line(time, 3, 0x2f, 0)
                line(time, 3, 0x39, trackingID)
                line(time, 3, 0x35, x)
                line(time, 3, 0x36, y)
                line(time, 1, 0x14a, 1)
                line(time, 3, 0x00, x)
                line(time, 3, 0x01, y)
            } else {
                line(time, 3, 0x35, x)
                line(time, 3, 0x36, y)
                line(time, 3, 0x00, x)
                line(time, 3, 0x01, y)
            }
            line(time, 0, 0, 0)
        }
        let end = stroke.start + stroke.duration + stroke.hold + 1 / sampleRate
        line(end, 3, 0x39, -1)
        line(end, 1, 0x14a, 0)
        line(end, 0, 0, 0)
        return out
    }
}
