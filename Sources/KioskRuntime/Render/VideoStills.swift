import KioskCamera
import KioskEngine
import KioskOptions

/// The first frame of each video element of a scene, fitted to its box: what `render` and `demo`
/// show for a video element, since a pipeline cannot run on their virtual clock (the background's
/// first frame comes from `VideoStillSource` the same way). A video that cannot be played has no
/// frame and a line in `failures`.
struct VideoStills {
    private(set) var frames: [ObjectIdentifier: PixelBuffer] = [:]
    /// One line per video that could not be played: `path: why`.
    private(set) var failures: [String] = []

    private struct Key: Hashable {
        var path: String
        var fit: ImageFit
        var size: PixelSize
    }

    /// - Parameter screens: the indices of the screens whose videos are shown; nil: every screen.
    init(scene: KioskScene, screens: [Int]? = nil) {
        var decoded: [Key: PixelBuffer?] = [:]
        let all = scene.container.screens
        for index in screens ?? Array(all.indices) where all.indices.contains(index) {
            for view in VideoElementPlayers.videoViews(in: all[index].view) {
                guard case .video(let content) = view.content else { continue }
                let key = Key(path: content.source, fit: content.fit, size: VideoElementPlayers.boxSize(of: view))
                if decoded[key] == nil {
                    do throws(CameraError) {
                        decoded[key] = .some(try CameraFeedFactory.videoElementStill(path: key.path, fit: key.fit, width: key.size.width,
                                                                                     height: key.size.height))
                    } catch {
                        decoded[key] = .some(nil)
                        if case let .videoFailed(path, message) = error {
                            failures.append("video element \(path): \(message)")
                        } else {
                            failures.append("video element \(key.path): \(error)")
                        }
                    }
                }
                if case .some(.some(let frame)) = decoded[key] { frames[ObjectIdentifier(view)] = frame }
            }
        }
    }
}
