import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// Pictures are decoded no larger than they are drawn, and never beyond the pixel cap.
final class ImageDecoderLimitTests: XCTestCase {
    func testJPEGClaiming65500x65500IsRefusedNamingFileAndSize() throws {
        let path = try OversizedPicture.write(OversizedPicture.jpeg(width: 65500, height: 65500), named: "huge.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: path)) { error in
            let decoding = error as? ImageDecodingError
            XCTAssertEqual(decoding?.source, path)
            XCTAssertTrue(decoding?.reason.contains("65500x65500") ?? false, "\(error)")
        }
    }

    func testPNGOf20000x20000IsRefusedBeforeDecoding() throws {
        let path = try OversizedPicture.write(OversizedPicture.png(width: 20000, height: 20000), named: "huge.png")
        XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: path)) { error in
            XCTAssertEqual((error as? ImageDecodingError)?.source, path)
            XCTAssertTrue("\(error)".contains("20000x20000 pixels (400 megapixels)"), "\(error)")
        }
    }

    /// FuzzImage's find: libpng allocated a chunk's declared length (1.9 GB) before reading it.
    func testPNGChunkClaimingMoreThanTheFileHoldsIsRefusedNamingIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-\(UUID().uuidString).png").path
        try PNGWriter.write(solid(width: 4, height: 4), to: path)
        let picture = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let iend = picture.count - 12
        let text: [UInt8] = [0x75, 0x00, 0x00, 0x25] + Array("tEXtdate:create".utf8)
        try Data(picture.prefix(iend) + text + picture.suffix(12)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: path)) { error in
            XCTAssertEqual((error as? ImageDecodingError)?.source, path)
            XCTAssertTrue("\(error)".contains("corrupt PNG: the \"tEXt\" chunk at byte \(iend) claims 1962934309 bytes, "
                                              + "but the file ends 23 bytes later"), "\(error)")
        }
        try Data(picture + [0xFF, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8)).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ImageDecoder.decode(contentsOf: path)[1, 1], 0xFF20_8040, "bytes after IEND are not read")
    }

    /// FuzzImage's find: libjpeg-turbo keeps a progressive JPEG's coefficients at full size (1 GB
    /// here) even when it decodes an eighth of each side.
    func testProgressiveJPEGIsRefusedOnItsWholeSizeEvenWhenDrawnSmall() throws {
        let bytes = OversizedPicture.jpeg(width: 29704, height: 18798, marker: 0xC2, components: 3, scanComponents: 1)
        let path = try OversizedPicture.write(bytes, named: "progressive.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: path, fitting: Size(width: 40, height: 30))) { error in
            XCTAssertEqual((error as? ImageDecodingError)?.source, path)
            XCTAssertTrue("\(error)".contains("29704x18798 pixels (558 megapixels)"), "\(error)")
        }
        XCTAssertThrowsError(try bytes.withUnsafeBytes { try ImageDecoder.decodeJPEG($0, source: "/dev/video0") }) {
            XCTAssertTrue("\($0)".hasPrefix("/dev/video0: the JPEG is 29704x18798"), "\($0)")
        }
    }

    func testMJPEGFrameClaimingTooManyPixelsIsRefused() throws {
        let bytes = try XCTUnwrap(JPEGEncoder.encode(solid(width: 16, height: 16)))
        let huge = Self.withFrameSize(bytes, width: 65500, height: 65500)
        XCTAssertThrowsError(try huge.withUnsafeBytes { try ImageDecoder.decodeJPEG($0, source: "/dev/video0") }) {
            XCTAssertTrue("\($0)".hasPrefix("/dev/video0: the JPEG is 65500x65500"), "\($0)")
        }
    }

    func testJPEGIsDecodedAtTheSmallestReductionCoveringItsFrame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scaled-\(UUID().uuidString).jpg").path
        try Data(XCTUnwrap(JPEGEncoder.encode(solid(width: 1600, height: 1200)))).write(to: URL(fileURLWithPath: path))
        let whole = try ImageDecoder.decode(contentsOf: path)
        XCTAssertEqual([whole.width, whole.height], [1600, 1200])
        let eighth = try ImageDecoder.decode(contentsOf: path, fitting: Size(width: 200, height: 100))
        XCTAssertEqual([eighth.width, eighth.height], [200, 150])
        let quarter = try ImageDecoder.decode(contentsOf: path, fitting: Size(width: 201, height: 150))
        XCTAssertEqual([quarter.width, quarter.height], [400, 300])
        let larger = try ImageDecoder.decode(contentsOf: path, fitting: Size(width: 4000, height: 3000))
        XCTAssertEqual([larger.width, larger.height], [1600, 1200])
        XCTAssertEqual(quarter[200, 150], 0xFF20_8040, accuracy: 0x0003_0303)
    }

    func testOversizedImageElementDrawsNothingAndIsReported() throws {
        let path = try OversizedPicture.write(OversizedPicture.png(width: 20000, height: 20000), named: "huge.png")
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 32, height: 32))
        root.backgroundColor = Color(r: 255, g: 0, b: 0)
        let view = View(name: "image", frame: root.frame)
        view.content = .image(ImageContent(path: path))
        root.addSubview(view)
        let compositor = Compositor(displayWidth: 32, displayHeight: 32)
        compositor.render(root: root, background: nil)
        XCTAssertEqual(compositor.output[16, 16] & 0xFF_FFFF, 0xFF_0000, "the root shows where the picture would be")
        let errors = compositor.takeContentErrors()
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.contains("\(path): the PNG is 20000x20000") ?? false, "\(errors)")
    }

    private func solid(width: Int, height: Int) -> PixelBuffer {
        let picture = PixelBuffer(width: width, height: height)
        picture.fill(0xFF20_8040)
        return picture
    }

    /// `jpeg` with the size in its start-of-frame marker replaced.
    static func withFrameSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        var i = 2
        while i + 8 < bytes.count {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[i + 5...i + 8] = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
                return bytes
            }
            i += 2 + length
        }
        return bytes
    }
}
