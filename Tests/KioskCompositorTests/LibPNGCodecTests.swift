import Foundation
import KioskEngine
import XCTest
@testable import KioskCompositor

/// PNG through libpng: transparency survives a write and a read, an opaque frame is stored as RGB,
/// and damaged compressed pixel data is refused in words, naming the file.
final class LibPNGCodecTests: XCTestCase {
    /// A picture with every alpha level and colours up to it (premultiplied), as a translucent
    /// card or a logo with soft edges has.
    private func translucent() -> PixelBuffer {
        let picture = PixelBuffer(width: 256, height: 3)
        for alpha in 0..<256 {
            let a = UInt32(alpha)
            picture[alpha, 0] = a << 24 | a << 16 | (a / 2) << 8 | (a / 3)
            picture[alpha, 1] = a << 24
            picture[alpha, 2] = a << 24 | a << 16 | a << 8 | a
        }
        return picture
    }

    func testTransparencySurvivesAWriteAndARead() throws {
        let picture = translucent()
        let bytes = try PNGWriter.encode(picture, keepAlpha: true)
        XCTAssertEqual(bytes[25], 6, "colour type 6: RGB with alpha")
        let read = try ImageDecoder.decode(bytes, source: "memory")
        XCTAssertEqual(read.width, 256)
        XCTAssertEqual(read.height, 3)
        for y in 0..<3 {
            for x in 0..<256 {
                let want = picture[x, y], got = read[x, y]
                XCTAssertEqual(got >> 24, want >> 24, "alpha at (\(x), \(y))")
                for shift: UInt32 in [16, 8, 0] {
                    // Straight 8-bit colour loses up to half a level of a faint pixel's premultiplied value.
                    XCTAssertEqual(Int(got >> shift & 0xFF), Int(want >> shift & 0xFF), accuracy: 1, "channel \(shift) at (\(x), \(y))")
                }
            }
        }
    }

    func testAnOpaqueFrameIsStoredAsRGBWhateverItsTopByte() throws {
        let frame = PixelBuffer(width: 4, height: 2)
        frame.fill(0x0012_3456)  // XRGB: the top byte is not alpha
        let bytes = try PNGWriter.encode(frame)
        XCTAssertEqual(bytes[25], 2, "colour type 2: RGB")
        let read = try ImageDecoder.decode(bytes, source: "memory")
        XCTAssertEqual(read[3, 1], 0xFF12_3456)
    }

    func testDamagedCompressedPixelsAreRefusedInWords() throws {
        let noise = PixelBuffer(width: 32, height: 32)
        var seed: UInt32 = 12345
        for i in 0..<(32 * 32) {
            seed = seed &* 1_103_515_245 &+ 12345
            noise.pixels[i] = 0xFF00_0000 | seed >> 8
        }
        var bytes = try PNGWriter.encode(noise)
        var offset = 8
        while offset + 8 <= bytes.count, !bytes[(offset + 4)..<(offset + 8)].elementsEqual("IDAT".utf8) {
            offset += 12 + bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertGreaterThan(length, 100)
        // The zlib header's first byte, then the CRC made right again: only libpng's inflate can tell.
        bytes[offset + 8] ^= 0xFF
        let crc = CRC32.checksum(bytes[(offset + 4)..<(offset + 8)], bytes[(offset + 8)..<(offset + 8 + length)])
        bytes.replaceSubrange((offset + 8 + length)..<(offset + 12 + length),
                              with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        XCTAssertThrowsError(try ImageDecoder.decode(bytes, source: "damaged.png")) { error in
            let refusal = error as? ImageDecodingError
            XCTAssertEqual(refusal?.source, "damaged.png")
            XCTAssertTrue(refusal?.reason.hasPrefix("corrupt PNG: its compressed pixel data is damaged") ?? false, "\(error)")
        }
    }
}
