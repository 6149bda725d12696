import Foundation
import KioskEngine
import XCTest
@testable import KioskCompositor

/// Compares rendered frames with the PNGs in Golden/.
///
/// Goldens are written only on request:
///     SWIPE_KIOSK_UPDATE_GOLDENS=1 swift test --filter KioskCompositorTests
/// then look at every changed PNG before committing it.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let failureDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-golden-failures")
    static var updating: Bool { ProcessInfo.processInfo.environment["SWIPE_KIOSK_UPDATE_GOLDENS"] == "1" }

    /// Fails unless every pixel's red, green and blue are within `tolerance` of the golden's, but
    /// for at most `outliers` pixels.
    static func assertMatches(_ frame: PixelBuffer, _ name: String, tolerance: Int = 4, outliers: Int = 0,
                              file: StaticString = #filePath, line: UInt = #line) {
        let path = directory.appendingPathComponent(name + ".png").path
        if updating {
            XCTAssertNoThrow(try PNGWriter.write(frame, to: path), file: file, line: line)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("golden \(path) is missing: create it with `SWIPE_KIOSK_UPDATE_GOLDENS=1 swift test --filter KioskCompositorTests` and look at it before committing",
                    file: file, line: line)
            return
        }
        guard let golden = try? ImageDecoder.decode(contentsOf: path) else {
            XCTFail("golden \(path) cannot be read", file: file, line: line)
            return
        }
        guard golden.width == frame.width, golden.height == frame.height else {
            XCTFail("\(name): frame is \(frame.width)x\(frame.height), golden \(golden.width)x\(golden.height)", file: file, line: line)
            return
        }
        var mismatches = 0
        var first: (Int, Int, UInt32, UInt32)?
        for y in 0..<frame.height {
            for x in 0..<frame.width where !close(frame[x, y], golden[x, y], tolerance) {
                mismatches += 1
                if first == nil { first = (x, y, frame[x, y], golden[x, y]) }
            }
        }
        if let first, mismatches > outliers {
            try? FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
            let actual = failureDirectory.appendingPathComponent(name + ".png").path
            try? PNGWriter.write(frame, to: actual)
            XCTFail("\(name): \(mismatches) pixels differ from the golden (\(outliers) allowed); first at (\(first.0), \(first.1)): "
                    + "got \(hex(first.2)), want \(hex(first.3)). Frame written to \(actual)", file: file, line: line)
        }
    }

    static func close(_ a: UInt32, _ b: UInt32, _ tolerance: Int) -> Bool {
        for shift in [16, 8, 0] where abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)) > tolerance {
            return false
        }
        return true
    }

    static func hex(_ pixel: UInt32) -> String {
        "#" + String(pixel & 0xFF_FFFF | 0x100_0000, radix: 16).dropFirst()
    }
}

/// Small scenes for golden tests: a 64x48 root with a dark background.
enum TestScene {
    static let width = 64
    static let height = 48

    static func root() -> View {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        root.backgroundColor = Color(r: 32, g: 32, b: 40)
        return root
    }

    static func box(_ name: String, _ frame: Rect, _ color: Color) -> View {
        let view = View(name: name, frame: frame)
        view.backgroundColor = color
        return view
    }

    static let red = Color(r: 230, g: 40, b: 40)
    static let green = Color(r: 40, g: 200, b: 80)
    static let blue = Color(r: 40, g: 90, b: 230)

    /// The source article's card gradient.
    static let cardGradient = LinearGradient(colors: [.white, Color(r: 109, g: 213, b: 250), Color(r: 41, g: 128, b: 185)])

    /// Renders `root` once on a fresh compositor.
    static func render(_ root: View, background: PixelBuffer? = nil, rotation: Rotation = .none) -> PixelBuffer {
        let compositor = Compositor(displayWidth: width, displayHeight: height, rotation: rotation)
        compositor.render(root: root, background: background)
        return compositor.output
    }

    /// A camera-like frame: diagonal colour bands that a blur visibly softens.
    static func pattern(width: Int = width, height: Int = height, phase: Int = 0) -> PixelBuffer {
        let frame = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let band = ((x + y + phase) / 8) % 3
                frame[x, y] = [0xFFE0_3030, 0xFF30_C050, 0xFF30_50E0][band]
            }
        }
        frame.sequence = UInt64(phase + 1)
        return frame
    }
}
