@testable import KioskCompositor
import KioskEngine
import XCTest

/// A turned card's inside hides the camera under it, so nothing else draws there: the inside the
/// compositor assumes must lie within what the card is drawn as, or pixels go undrawn and show
/// whatever the previous frame left (notches along a cube face's slanted edges, at full size).
final class TurnedFaceCoverageTests: XCTestCase {
    func testEveryPixelOfAFlipOrCubeFrameIsDrawn() {
        // The points are ones where geometry and drawing from different maps left pixels undrawn.
        let cases = [(1280, 800, [0.15, 0.26, 0.35, 0.5, 0.64, 0.75]), (1920, 1080, [0.14, 0.28])]
        for (width, height, points) in cases {
            for style in [TransitionStyle.cube, .flip] {
                for progress in points {
                    let scene = StyleBenchScene(style: style, width: width, height: height)
                    scene.progress = progress
                    let compositor = Compositor(displayWidth: width, displayHeight: height)
                    compositor.render(root: scene.root, background: CompositorBench.cameraFrame(width: width, height: height, phase: 0))
                    // The scene buffer starts all zero: a pixel nothing draws stays 0x00000000 (the frame is opaque).
                    let frame = compositor.output
                    var undrawn: [(Int, Int)] = []
                    for y in 0..<height { for x in 0..<width where frame[x, y] == 0 { undrawn.append((x, y)) } }
                    XCTAssertTrue(undrawn.isEmpty, "\(style) at \(progress), \(width)x\(height): \(undrawn.count) pixels undrawn, "
                                  + "first at \(undrawn.first.map { "(\($0.0), \($0.1))" } ?? "")")
                }
            }
        }
    }
}
