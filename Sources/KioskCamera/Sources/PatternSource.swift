import Foundation
import KioskEngine

/// The synthetic background: colour bars sliding sideways, a grey ramp sliding the other way, and
/// a clock face whose hand sweeps once every few seconds, so a living picture shows without a camera.
///
/// Cheap by construction: each band is one computed line copied down the rows, and the dial is
/// drawn with a handful of spans and squares. Deterministic in time.
public final class PatternSource: TimedFrameSource {
    public let size: (width: Int, height: Int)
    public let framesPerSecond: Double
    public var summary: String { "pattern \(size.width)x\(size.height)" }

    /// SMPTE-style bars at 75 %.
    private static let bars: [UInt32] = [
        0xFFBF_BFBF, 0xFFBF_BF00, 0xFF00_BFBF, 0xFF00_BF00, 0xFFBF_00BF, 0xFFBF_0000, 0xFF00_00BF, 0xFF20_2020,
    ]
    /// Seconds for the hand to go round once.
    static let sweepPeriod = 6.0
    private var lineScratch: [UInt32]
    private let slot: FrameSlot<Int>

    public init(width: Int, height: Int, framesPerSecond: Double = 30) {
        precondition(width > 0 && height > 0, "pattern of size \(width)x\(height)")
        size = (width, height)
        self.framesPerSecond = framesPerSecond > 0 ? framesPerSecond : 30
        lineScratch = [UInt32](repeating: 0, count: width)
        slot = FrameSlot(width: width, height: height)
    }

    /// The picture of the pattern frame `time` falls in: one new picture per 1/framesPerSecond,
    /// however often it is asked for, as a camera delivers frames.
    public func frame(at time: Double) -> PixelBuffer {
        let number = Int((time * framesPerSecond + 1e-9).rounded(.down))
        return slot.frame(showing: number) { buffer in render(at: Double(number) / framesPerSecond, into: buffer) }
    }

    public func nextChange(after time: Double) -> Double? {
        (time * framesPerSecond + 1e-9).rounded(.down) / framesPerSecond + 1 / framesPerSecond
    }

    public func render(at time: Double, into buffer: PixelBuffer) {
        precondition(buffer.width == size.width && buffer.height == size.height, "pattern buffer of the wrong size")
        let width = size.width, height = size.height
        let barsHeight = height * 3 / 4
        let barWidth = max(width / Self.bars.count, 1)
        // One bar a second to the right; the ramp half as fast to the left.
        let barShift = Self.positiveModulo(Int((time * Double(barWidth)).rounded(.down)), barWidth * Self.bars.count)
        let rampShift = Self.positiveModulo(Int((time * Double(width) / 16).rounded(.down)), width)
        lineScratch.withUnsafeMutableBufferPointer { line in
            for x in 0..<width {
                let bar = Self.positiveModulo(x - barShift, barWidth * Self.bars.count) / barWidth
                line[x] = Self.bars[bar % Self.bars.count]
            }
            fillRows(0..<barsHeight, with: line, of: buffer)
            for x in 0..<width {
                let level = UInt32(((x + rampShift) % width) * 255 / max(width - 1, 1))
                line[x] = 0xFF00_0000 | level << 16 | level << 8 | level
            }
            fillRows(barsHeight..<height, with: line, of: buffer)
        }
        drawDial(at: time, into: buffer)
    }

    private func fillRows(_ rows: Range<Int>, with line: UnsafeMutableBufferPointer<UInt32>, of buffer: PixelBuffer) {
        for row in rows {
            (buffer.pixels + row * buffer.rowLength).update(from: line.baseAddress!, count: size.width)
        }
    }

    private func drawDial(at time: Double, into buffer: PixelBuffer) {
        let radius = min(size.width, size.height) / 5
        guard radius >= 4 else { return }
        let centerX = size.width / 2, centerY = size.height * 3 / 8
        // The face: the picture behind it at half brightness.
        for dy in -radius...radius {
            let y = centerY + dy
            guard y >= 0, y < size.height else { continue }
            let half = Int(Double(radius * radius - dy * dy).squareRoot())
            let row = buffer.pixels + y * buffer.rowLength
            for x in max(centerX - half, 0)..<min(centerX + half + 1, size.width) {
                row[x] = 0xFF00_0000 | (row[x] >> 1) & 0x007F_7F7F
            }
        }
        let mark = max(radius / 24, 1)
        for hour in 0..<12 {
            let angle = Double(hour) / 12 * 2 * Double.pi
            square(x: centerX + Int(Double(radius) * 0.85 * sin(angle)), y: centerY - Int(Double(radius) * 0.85 * cos(angle)),
                   half: mark, color: 0xFFFF_FFFF, into: buffer)
        }
        let phase = Self.positiveRemainder(time, Self.sweepPeriod) / Self.sweepPeriod
        let angle = phase * 2 * Double.pi
        let (sine, cosine) = (sin(angle), cos(angle))
        for step in stride(from: 0, through: radius * 3 / 4, by: max(mark, 1)) {
            square(x: centerX + Int(Double(step) * sine), y: centerY - Int(Double(step) * cosine),
                   half: mark, color: 0xFFFF_D000, into: buffer)
        }
    }

    private func square(x: Int, y: Int, half: Int, color: UInt32, into buffer: PixelBuffer) {
        for row in max(y - half, 0)..<min(y + half + 1, size.height) {
            let line = buffer.pixels + row * buffer.rowLength
            for column in max(x - half, 0)..<min(x + half + 1, size.width) {
                line[column] = color
            }
        }
    }

    private static func positiveModulo(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }

    private static func positiveRemainder(_ value: Double, _ modulus: Double) -> Double {
        let remainder = value.truncatingRemainder(dividingBy: modulus)
        return remainder < 0 ? remainder + modulus : remainder
    }
}
