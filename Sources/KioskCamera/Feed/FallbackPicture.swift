/// What a feed shows when it has no camera frames, as plain data that can cross to the capture
/// thread; the thread builds the `TimedFrameSource` from it.
public enum FallbackPicture: Hashable, Sendable {
    case pattern(framesPerSecond: Double)
    case images(path: String, interval: Double, crossfade: Double, framesPerSecond: Double)
    case black

    /// Builds the source; a folder that became unreadable since it was checked gives black and a message.
    func makeSource(width: Int, height: Int, log: @escaping (String) -> Void) -> TimedFrameSource? {
        switch self {
        case .pattern(let framesPerSecond):
            return PatternSource(width: width, height: height, framesPerSecond: framesPerSecond)
        case let .images(path, interval, crossfade, framesPerSecond):
            do {
                return try ImageSource(path: path, width: width, height: height, interval: interval, crossfade: crossfade,
                                       framesPerSecond: framesPerSecond, log: log)
            } catch {
                log("\(error); showing black")
                return nil
            }
        case .black:
            return nil
        }
    }
}
