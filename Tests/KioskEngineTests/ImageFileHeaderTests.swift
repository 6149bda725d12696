import KioskTestFixtures
import XCTest
@testable import KioskEngine

final class ImageFileHeaderTests: XCTestCase {
    func testReadsPNGAndJPEGSizes() {
        XCTAssertEqual(ImageFileHeader(bytes: OversizedPicture.png(width: 20000, height: 20000)),
                       ImageFileHeader(format: .png, width: 20000, height: 20000))
        XCTAssertEqual(ImageFileHeader(bytes: OversizedPicture.jpeg(width: 65500, height: 65500)),
                       ImageFileHeader(format: .jpeg, width: 65500, height: 65500))
    }

    func testJPEGSizeBehindOtherSegmentsIsFound() {
        let jpeg = OversizedPicture.jpeg(width: 640, height: 480)
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x05, 0x61, 0x62, 0x63]
        let bytes = Array(jpeg[0..<2]) + comment + [0xFF] + Array(jpeg[2...])
        XCTAssertEqual(ImageFileHeader(bytes: bytes)?.width, 640)
        XCTAssertEqual(ImageFileHeader(bytes: bytes)?.height, 480)
    }

    func testTruncatedOrForeignBytesHaveNoHeader() {
        XCTAssertNil(ImageFileHeader(bytes: Array(OversizedPicture.png(width: 10, height: 10).prefix(20))))
        XCTAssertNil(ImageFileHeader(bytes: Array(OversizedPicture.jpeg(width: 10, height: 10).prefix(8))))
        XCTAssertNil(ImageFileHeader(bytes: Array("GIF89a".utf8)))
        XCTAssertNil(ImageFileHeader(bytes: OversizedPicture.png(width: 0, height: 10)))
    }

    func testJPEGInSeveralScansIsCappedOnItsWholeSize() {
        let baseline = OversizedPicture.jpeg(width: 50000, height: 50000, components: 3, scanComponents: 3)
        XCTAssertEqual(ImageFileHeader(bytes: baseline)?.decodesWhole, false)
        XCTAssertNil(ImageFileHeader(bytes: baseline)?.sizeProblem)
        let perColour = OversizedPicture.jpeg(width: 50000, height: 50000, components: 3, scanComponents: 1)
        XCTAssertEqual(ImageFileHeader(bytes: perColour)?.decodesWhole, true)
        let progressive = OversizedPicture.jpeg(width: 29704, height: 18798, marker: 0xC2, components: 3)
        XCTAssertEqual(ImageFileHeader(bytes: progressive)?.sizeProblem,
                       "the JPEG is 29704x18798 pixels (558 megapixels), more than the 40 megapixels an image may "
                       + "decode to (a progressive or multi-scan JPEG is decoded whole); scale it down to the display's size")
        XCTAssertNil(ImageFileHeader(bytes: OversizedPicture.jpeg(width: 8000, height: 5000, marker: 0xC2))?.sizeProblem)
    }

    func testSizeProblemCountsTheSmallestDecodableSize() {
        XCTAssertNil(ImageFileHeader(format: .png, width: 8000, height: 5000).sizeProblem)
        XCTAssertNotNil(ImageFileHeader(format: .png, width: 8001, height: 5000).sizeProblem)
        XCTAssertNil(ImageFileHeader(format: .jpeg, width: 50000, height: 50000).sizeProblem)
        XCTAssertEqual(ImageFileHeader(format: .jpeg, width: 65500, height: 65500).sizeProblem,
                       "the JPEG is 65500x65500 pixels (4290 megapixels), more than the 40 megapixels an image may "
                       + "decode to even at an eighth of its size; scale it down to the display's size")
    }
}
