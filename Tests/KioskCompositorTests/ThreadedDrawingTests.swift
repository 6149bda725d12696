import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// The heavy layers' rows shared across worker threads (the perspective kernel for flip and
/// cube, pixman's composites for the rest): frames come out the same bit for bit on one thread and
/// on four, in both pixel modes.
final class ThreadedDrawingTests: XCTestCase {
    private let width = 320, height = 200

    private func render(_ style: TransitionStyle, _ progress: Double, threads: Int) -> PixelBuffer {
        let scene = StyleBenchScene(style: style, width: width, height: height)
        scene.progress = progress
        let compositor = Compositor(displayWidth: width, displayHeight: height, threads: threads)
        XCTAssertEqual(compositor.threads, threads)
        compositor.render(root: scene.root, background: CompositorBench.cameraFrame(width: width, height: height, phase: 0))
        return compositor.output
    }

    private func assertSameOnAnyThreadCount(_ style: TransitionStyle, file: StaticString = #filePath, line: UInt = #line) {
        for progress in [0.25, 0.5, 0.75] {
            PixelModes.each { mode in
                let single = render(style, progress, threads: 1), pooled = render(style, progress, threads: 4)
                var differing = 0, first: (x: Int, y: Int)?
                for y in 0..<height {
                    for x in 0..<width where single[x, y] != pooled[x, y] {
                        differing += 1
                        if first == nil { first = (x, y) }
                    }
                }
                XCTAssertEqual(differing, 0, "\(style.rawValue) at \(progress) (\(mode)): \(differing) pixels differ between 1 and 4 "
                               + "threads, the first at \(first.map { "(\($0.x), \($0.y))" } ?? "-")", file: file, line: line)
            }
        }
    }

    func testFlipIsTheSameOnOneAndFourThreads() { assertSameOnAnyThreadCount(.flip) }
    func testCubeIsTheSameOnOneAndFourThreads() { assertSameOnAnyThreadCount(.cube) }
    func testZoomIsTheSameOnOneAndFourThreads() { assertSameOnAnyThreadCount(.zoom) }
    func testPanelIsTheSameOnOneAndFourThreads() { assertSameOnAnyThreadCount(.panel) }

    func testThreadCountComesFromTheEnvironmentElseTheCPUsUpToFour() {
        XCTAssertEqual(WorkerPool.threadCount(environment: ["SWIPE_KIOSK_THREADS": "1"], processors: 8), 1)
        XCTAssertEqual(WorkerPool.threadCount(environment: ["SWIPE_KIOSK_THREADS": "3"], processors: 2), 3)
        XCTAssertEqual(WorkerPool.threadCount(environment: ["SWIPE_KIOSK_THREADS": "lots"], processors: 2), 2)
        XCTAssertEqual(WorkerPool.threadCount(environment: [:], processors: 8), 4)
        XCTAssertEqual(WorkerPool.threadCount(environment: [:], processors: 1), 1)
    }
}
