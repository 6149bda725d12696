import KioskEngine
import XCTest
@testable import KioskCompositor

/// Flip and cube frames drawn by the perspective kernel against pixman's projective rendering of
/// the same frame: the committed goldens are pixman's; the kernel stays within 2/255 of them.
final class PerspectiveGoldenTests: XCTestCase {
    private let width = 320, height = 200

    private func render(_ style: TransitionStyle, _ progress: Double, kernel: Bool) -> PixelBuffer {
        let scene = StyleBenchScene(style: style, width: width, height: height)
        scene.progress = progress
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        compositor.usesPerspectiveKernel = kernel
        compositor.render(root: scene.root, background: CompositorBench.cameraFrame(width: width, height: height, phase: 0))
        return compositor.output
    }

    private func assertKernelMatchesPixman(_ style: TransitionStyle, file: StaticString = #filePath, line: UInt = #line) {
        for progress in [0.25, 0.5, 0.75] {
            let name = "perspective-\(style.rawValue)-\(progress)"
            let reference = render(style, progress, kernel: false)
            PixelModes.each { mode in
                let frame = render(style, progress, kernel: true)
                var worst = 0
                for y in 0..<height {
                    for x in 0..<width {
                        for shift in [UInt32(16), 8, 0] {
                            worst = max(worst, abs(Int(frame[x, y] >> shift & 0xFF) - Int(reference[x, y] >> shift & 0xFF)))
                        }
                    }
                }
                XCTAssertLessThanOrEqual(worst, 2, "\(name) (\(mode)): largest difference from pixman", file: file, line: line)
                GoldenImage.assertMatches(frame, name, tolerance: 2, file: file, line: line)
            }
            // Written last, so an update leaves pixman's frame as the golden.
            GoldenImage.assertMatches(reference, name, tolerance: 2, file: file, line: line)
        }
    }

    func testFlipMatchesPixman() { assertKernelMatchesPixman(.flip) }
    func testCubeMatchesPixman() { assertKernelMatchesPixman(.cube) }
}
