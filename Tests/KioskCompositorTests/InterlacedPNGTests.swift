import Foundation
import KioskEngine
import XCTest
@testable import KioskCompositor

/// An Adam7-interlaced PNG is drawn exactly as the same picture stored row by row, at every bit
/// depth and colour type: PngSuite's `basi0g16`, `basi2c16`, `basi4a16` and `basi6a16` beside their
/// twins `basn*16`, made here (grey, RGB, grey with alpha, RGBA; 16 bits; with PngSuite's gAMA 1.0
/// and without), at sizes where Adam7's passes are partly or wholly empty.
final class InterlacedPNGTests: XCTestCase {
    /// PNG colour types and their samples per pixel.
    private static let colourTypes: [(type: UInt8, channels: Int, name: String)] = [
        (0, 1, "grey"), (2, 3, "RGB"), (4, 2, "grey with alpha"), (6, 4, "RGBA")
    ]

    /// Adam7's passes: first column and row, then the steps between them.
    private static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)
    ]

    /// A sample per channel per pixel, every value different in its low byte, so a pixel drawn
    /// from the wrong place or a 16-bit sample read as two 8-bit ones shows.
    private func sample(_ x: Int, _ y: Int, _ channel: Int, depth: Int) -> Int {
        let value = (x &* 40_503 &+ y &* 9_973 &+ channel &* 21_011 &+ x &* y &* 131) & 0xFFFF
        return depth == 16 ? value : value >> 8
    }

    /// The picture as a PNG file, interlaced or not (filter type 0 on every row).
    private func png(width: Int, height: Int, depth: Int, colourType: UInt8, channels: Int,
                     gamma: Bool, interlaced: Bool) -> [UInt8] {
        func row(_ xs: StrideTo<Int>, _ y: Int) -> [UInt8] {
            var bytes: [UInt8] = [0]
            for x in xs {
                for channel in 0..<channels {
                    let value = sample(x, y, channel, depth: depth)
                    bytes += depth == 16 ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value)]
                }
            }
            return bytes
        }
        var data: [UInt8] = []
        if interlaced {
            for pass in Self.passes where pass.x < width && pass.y < height {
                for y in stride(from: pass.y, to: height, by: pass.dy) {
                    data += row(stride(from: pass.x, to: width, by: pass.dx), y)
                }
            }
        } else {
            for y in 0..<height { data += row(stride(from: 0, to: width, by: 1), y) }
        }
        let header: [UInt8] = PNGStream.bigEndian(UInt32(width)) + PNGStream.bigEndian(UInt32(height))
            + [UInt8(depth), colourType, 0, 0, interlaced ? 1 : 0]
        var file = PNGChunkCheck.signature + PNGStream.chunk("IHDR", header)
        if gamma { file += PNGStream.chunk("gAMA", PNGStream.bigEndian(100_000)) }
        PNGStream.appendStoredIDAT(data, to: &file)
        return file + PNGStream.chunk("IEND", [])
    }

    private func assertInterlacedMatchesTwin(depth: Int, width: Int, height: Int, gamma: Bool,
                                             file: StaticString = #filePath, line: UInt = #line) throws {
        for colour in Self.colourTypes {
            let name = "\(colour.name), \(depth)-bit, \(width)x\(height)\(gamma ? ", gAMA 1.0" : "")"
            let plain = try ImageDecoder.decode(png(width: width, height: height, depth: depth, colourType: colour.type,
                                                    channels: colour.channels, gamma: gamma, interlaced: false),
                                                source: "basn \(name)")
            let interlaced = try ImageDecoder.decode(png(width: width, height: height, depth: depth, colourType: colour.type,
                                                         channels: colour.channels, gamma: gamma, interlaced: true),
                                                     source: "basi \(name)")
            var wrong = 0, first = ""
            for y in 0..<height {
                for x in 0..<width where interlaced[x, y] != plain[x, y] {
                    if wrong == 0 {
                        first = "(\(x), \(y)) is 0x\(String(interlaced[x, y], radix: 16)), not 0x\(String(plain[x, y], radix: 16))"
                    }
                    wrong += 1
                }
            }
            XCTAssertEqual(wrong, 0, "\(name): \(wrong) pixels differ from the non-interlaced twin; first \(first)",
                           file: file, line: line)
        }
    }

    /// PngSuite's basi*16 against basn*16: 32x32 with gAMA 1.0.
    func testSixteenBitInterlacedPicturesMatchTheirNonInterlacedTwins() throws {
        try assertInterlacedMatchesTwin(depth: 16, width: 32, height: 32, gamma: true)
        try assertInterlacedMatchesTwin(depth: 16, width: 32, height: 32, gamma: false)
    }

    /// Sizes that leave Adam7's last passes short or empty (a column or row of one pixel).
    func testSixteenBitInterlacedPicturesOfOddSizesMatchTheirTwins() throws {
        for (width, height) in [(33, 29), (5, 3), (1, 1), (1, 9)] {
            try assertInterlacedMatchesTwin(depth: 16, width: width, height: height, gamma: false)
        }
    }

    /// A damaged interlaced 16-bit file is refused in words, as any damaged PNG: here its stored
    /// block's length check (deflate's NLEN) is wrong, with the chunk's CRC made right again.
    func testADamagedSixteenBitInterlacedFileIsRefusedNamingIt() throws {
        var bytes = png(width: 9, height: 7, depth: 16, colourType: 6, channels: 4, gamma: false, interlaced: true)
        var offset = 8
        while !bytes[(offset + 4)..<(offset + 8)].elementsEqual("IDAT".utf8) {
            offset += 12 + bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        bytes[offset + 8 + 2 + 3] ^= 0xFF  // zlib header (2), BFINAL (1), LEN (2): NLEN's first byte
        let crc = CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
        bytes.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: PNGStream.bigEndian(crc))
        XCTAssertThrowsError(try ImageDecoder.decode(bytes, source: "/srv/pictures/deep.png")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("/srv/pictures/deep.png: corrupt PNG: ") && text.hasSuffix("; export it again"), text)
        }
    }

    /// 8-bit interlaced files were drawn right before; they stay so.
    func testEightBitInterlacedPicturesMatchTheirTwins() throws {
        try assertInterlacedMatchesTwin(depth: 8, width: 33, height: 29, gamma: true)
    }
}
