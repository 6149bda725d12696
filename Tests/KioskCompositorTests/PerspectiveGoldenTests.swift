import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// Flip and cube frames drawn by the perspective kernel against pixman's projective rendering of
/// the same frame, in both pixel modes: the kernel's stay within 2/255 of pixman's in every
/// channel of every pixel, and of the committed goldens (pixman's frames). The goldens leave the
/// titles out: their glyphs are the text tests' business (cairo's, once, shifted with what the process drew before).
final class PerspectiveGoldenTests: XCTestCase {
    private let width = 320, height = 200

    private func render(_ style: TransitionStyle, _ progress: Double, kernel: Bool, titles: Bool = true) -> PixelBuffer {
        let scene = StyleBenchScene(style: style, width: width, height: height)
        scene.progress = progress
        if !titles { removeTitles(scene.root) }
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        compositor.usesPerspectiveKernel = kernel
        compositor.render(root: scene.root, background: CompositorBench.cameraFrame(width: width, height: height, phase: 0))
        return compositor.output
    }

    private func removeTitles(_ view: View) {
        for subview in view.subviews {
            if subview.name.hasSuffix(" title") { subview.removeFromSuperview() } else { removeTitles(subview) }
        }
    }

    private func assertKernelMatchesPixman(_ style: TransitionStyle, file: StaticString = #filePath, line: UInt = #line) {
        for progress in [0.25, 0.5, 0.75] {
            let name = "perspective-\(style.rawValue)-\(progress)"
            let reference = render(style, progress, kernel: false)
            GoldenImage.assertMatches(render(style, progress, kernel: false, titles: false), name, tolerance: 2, file: file, line: line)
            PixelModes.each { mode in
                let frame = render(style, progress, kernel: true)
                var worst = (difference: 0, x: 0, y: 0)
                for y in 0..<height {
                    for x in 0..<width {
                        for shift in [UInt32(16), 8, 0] {
                            let difference = abs(Int(frame[x, y] >> shift & 0xFF) - Int(reference[x, y] >> shift & 0xFF))
                            if difference > worst.difference { worst = (difference, x, y) }
                        }
                    }
                }
                XCTAssertLessThanOrEqual(worst.difference, 2, "\(name) (\(mode)): largest difference from pixman at "
                                         + "(\(worst.x), \(worst.y)): kernel \(GoldenImage.hex(frame[worst.x, worst.y])), "
                                         + "pixman \(GoldenImage.hex(reference[worst.x, worst.y]))", file: file, line: line)
                if !GoldenImage.updating {
                    GoldenImage.assertMatches(render(style, progress, kernel: true, titles: false), name, tolerance: 2, file: file, line: line)
                }
            }
        }
    }

    func testFlipMatchesPixman() { assertKernelMatchesPixman(.flip) }
    func testCubeMatchesPixman() { assertKernelMatchesPixman(.cube) }
}
