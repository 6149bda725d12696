import Foundation
import KioskEngine
import XCTest
@testable import KioskCompositor

/// Damaged pictures, as PngSuite's corrupted `x*` files and libjpeg-turbo's truncated test images
/// have them, are refused saying what is wrong, naming the file; cairo called each "out of memory"
/// and a cut-short JPEG was shown as garbage.
final class CorruptPictureTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A good 8x8 RGB PNG as PNGWriter writes it: signature, IHDR, IDAT, IEND.
    private func goodPNG() throws -> [UInt8] {
        let picture = PixelBuffer(width: 8, height: 8)
        picture.fill(0xFF20_8040)
        let path = file("good.png")
        try PNGWriter.write(picture, to: path)
        return try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 }
    }

    private func file(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString)-\(name)").path
        paths.append(path)
        return path
    }

    /// Decodes `bytes` from a file and returns the error's text (failing when it decodes).
    private func refusal(_ bytes: [UInt8], file line: UInt = #line) throws -> String {
        let path = file("picture")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ImageDecoder.decode(contentsOf: path)
            XCTFail("decoded", line: line)
            return ""
        } catch {
            XCTAssertEqual((error as? ImageDecodingError)?.source, path, line: line)
            return (error as? ImageDecodingError)?.reason ?? "\(error)"
        }
    }

    /// The IHDR's data starts at byte 16; its CRC is written again after `change`.
    private func withHeader(_ png: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = png
        change(&bytes)
        let crc = CRC32.checksum(bytes[12..<16], bytes[16..<29])
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return bytes
    }

    /// Where each chunk starts and how long its data is.
    private func chunk(_ type: String, in png: [UInt8]) throws -> (offset: Int, length: Int) {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if png[(offset + 4)..<(offset + 8)].elementsEqual(type.utf8) { return (offset, length) }
            offset += 12 + length
        }
        throw XCTSkip("no \(type) chunk")
    }

    func testTheCRCOfEveryChunkIsChecked() throws {
        let png = try goodPNG()
        var header = png
        header[23] ^= 0x01  // the height's low byte, under the IHDR's CRC (PngSuite xhdn0g08)
        XCTAssertEqual(try refusal(header),
                       "corrupt PNG: the \"IHDR\" chunk at byte 8 fails its CRC check (damaged bytes); export it again")
        let idat = try chunk("IDAT", in: png)
        var pixels = png
        pixels[idat.offset + 10] ^= 0x40  // inside the IDAT's data (PngSuite xcsn0g01)
        XCTAssertEqual(try refusal(pixels),
                       "corrupt PNG: the \"IDAT\" chunk at byte \(idat.offset) fails its CRC check (damaged bytes); export it again")
    }

    func testBitDepthAndColourTypeAreNamed() throws {
        let png = try goodPNG()
        XCTAssertEqual(try refusal(withHeader(png) { $0[24] = 3 }),
                       "corrupt PNG: bit depth 3 is not allowed with colour type \(png[25]) (only 8, 16)")
        XCTAssertEqual(try refusal(withHeader(png) { $0[24] = 0 }),
                       "corrupt PNG: bit depth 0 is not allowed with colour type \(png[25]) (only 8, 16)")
        XCTAssertEqual(try refusal(withHeader(png) { $0[25] = 9 }), "corrupt PNG: colour type 9 does not exist (PNG has 0, 2, 3, 4 and 6)")
        XCTAssertEqual(try refusal(withHeader(png) { $0[25] = 1 }), "corrupt PNG: colour type 1 does not exist (PNG has 0, 2, 3, 4 and 6)")
    }

    func testAMissingIDATAndADamagedSignatureAreNamed() throws {
        let png = try goodPNG()
        let idat = try chunk("IDAT", in: png)
        let withoutPixels = Array(png[0..<idat.offset] + png[(idat.offset + 12 + idat.length)...])
        XCTAssertEqual(try refusal(withoutPixels), "corrupt PNG: it has no IDAT chunk, so it holds no pixels; export it again")
        var textMode = png
        textMode.replaceSubrange(4..<6, with: [0x0A])  // CR LF as LF (PngSuite xlfn0g04's kind)
        XCTAssertTrue(try refusal(textMode).hasPrefix("corrupt PNG: its 8-byte signature is damaged"))
        XCTAssertEqual(try refusal(Array(png.dropLast(12))), "corrupt PNG: the file ends before its IEND chunk; it is cut short, so export it again")
    }

    func testATruncatedOrCorruptJPEGIsRefusedNotShownAsGarbage() throws {
        // Noise, so the compressed scan, not the tables, is most of the file.
        let picture = PixelBuffer(width: 256, height: 256)
        var seed: UInt32 = 12345
        for y in 0..<256 {
            for x in 0..<256 {
                seed = seed &* 1_103_515_245 &+ 12345
                picture[x, y] = 0xFF00_0000 | (seed >> 8 & 0xFF_FFFF)
            }
        }
        let jpeg = try XCTUnwrap(JPEGEncoder.encode(picture))
        let scan = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        XCTAssertLessThan(scan, jpeg.count / 4)
        let truncated = try refusal(Array(jpeg.prefix(jpeg.count * 3 / 4)))
        XCTAssertTrue(truncated.hasPrefix("corrupt JPEG data ("), truncated)
        var corrupt = jpeg
        for index in stride(from: jpeg.count / 2, to: jpeg.count / 2 + 64, by: 2) { corrupt[index] = 0xFF; corrupt[index + 1] = 0xD3 }
        let damaged = try refusal(corrupt)
        XCTAssertTrue(damaged.hasPrefix("corrupt JPEG data ("), damaged)
        // A camera frame with the same damage is still shown: the next one replaces it.
        XCTAssertNoThrow(try Array(jpeg.prefix(jpeg.count * 3 / 4)).withUnsafeBytes {
            try ImageDecoder.decodeJPEG($0, source: "/dev/video0")
        })
    }
}
