import Foundation
import Glibc
import KioskCompositor
import KioskEngine
import XCTest

/// A picture's surface is keyed by its file's identity (size, modification time, inode): a frame
/// never looks at the file system, and `refreshPictures` (a reload) draws anew exactly the
/// pictures whose files were replaced at the same path.
final class PictureRefreshTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A 2x2 picture of one colour, renamed over `name` as `cp` and editors do.
    private func writePicture(_ name: String, _ pixel: UInt32) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let picture = PixelBuffer(width: 2, height: 2)
        picture.fill(pixel)
        try PNGWriter.write(picture, to: path + ".new")
        XCTAssertEqual(rename(path + ".new", path), 0)
        return path
    }

    private func pictureView(_ path: String, x: Double) -> View {
        let view = View(name: path, frame: Rect(x: x, y: 0, width: 32, height: 32))
        view.content = .image(ImageContent(path: path, fit: .fill))
        return view
    }

    func testARefreshDrawsAgainOnlyThePicturesWhoseFilesWereReplaced() throws {
        let left = try writePicture("left.png", 0xFFE0_2020)
        let right = try writePicture("right.png", 0xFF20_20E0)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 64, height: 32))
        root.addSubview(pictureView(left, x: 0))
        root.addSubview(pictureView(right, x: 32))
        let compositor = Compositor(displayWidth: 64, displayHeight: 32, threads: 1)
        compositor.render(root: root, background: nil)
        XCTAssertEqual(compositor.output[16, 16] & 0xFF_FFFF, 0xE0_2020)
        XCTAssertEqual(compositor.picturesDecoded, 2)

        _ = try writePicture("left.png", 0xFF20_C040)
        XCTAssertEqual(compositor.render(root: root, background: nil), [], "a frame does not look at the files")
        XCTAssertEqual(compositor.refreshPictures(), [left])
        XCTAssertFalse(compositor.render(root: root, background: nil).isEmpty)
        XCTAssertEqual(compositor.output[16, 16] & 0xFF_FFFF, 0x20_C040, "the replaced picture is drawn from its new file")
        XCTAssertEqual(compositor.output[48, 16] & 0xFF_FFFF, 0x20_20E0)
        XCTAssertEqual(compositor.picturesDecoded, 3, "the other picture is not decoded again")

        XCTAssertEqual(compositor.refreshPictures(), [], "nothing changed since")
        XCTAssertEqual(compositor.render(root: root, background: nil), [])
        XCTAssertEqual(compositor.picturesDecoded, 3)
    }
}
