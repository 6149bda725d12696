import Dispatch
import Foundation
import Glibc
import KioskCamera
import KioskCompositor
import KioskEngine
import Synchronization

/// Makes screenshot PNGs off the render loop: the loop only copies the frame (a memcpy), a
/// worker thread encodes it, and the PNG comes back on the loop's thread through an eventfd.
/// At most `maximumInFlight` frames are copied and encoding at once; further calls are answered
/// `busy` at once, so a client that pipelines hundreds of calls costs a few frames, not hundreds.
final class ScreenshotEncoder {
    typealias Completion = (Result<Data, ControlError>) -> Void

    /// Where the workers leave finished PNGs for the loop.
    private final class Outbox: Sendable {
        let finished = EventSignal()
        let results = Mutex<[(id: Int, result: Result<Data, ControlError>)]>([])
    }

    private let loop: EventLoop
    private let outbox = Outbox()
    private var waiting: [Int: Completion] = [:]
    private var nextID = 0

    /// Screenshots copied and not yet delivered, at most (each holds a frame copy and its PNG).
    static let maximumInFlight = 4

    /// As many screenshots are in flight as allowed: another is answered `busy`.
    var isFull: Bool { inFlight >= Self.maximumInFlight }

    /// Screenshots copied and not yet delivered.
    var inFlight: Int { waiting.count }

    init(loop: EventLoop) throws {
        self.loop = loop
        try loop.watch(outbox.finished.descriptor) { [unowned self] in deliver() }
    }

    deinit {
        loop.unwatch(outbox.finished.descriptor)
    }

    /// Copies `frame` now and calls `completion` with its PNG once encoded; with `busy` at once
    /// when `maximumInFlight` are under way.
    func encode(_ frame: PixelBuffer, completion: @escaping Completion) {
        guard !isFull else { return completion(.failure(.busy)) }
        let copy = PixelBuffer(width: frame.width, height: frame.height, stride: frame.stride)
        memcpy(copy.pixels, frame.pixels, frame.stride * frame.height)
        let id = nextID
        nextID += 1
        waiting[id] = completion
        DispatchQueue.global(qos: .utility).async { [outbox] in
            let result: Result<Data, ControlError>
            do {
                result = .success(Data(try PNGWriter.encode(copy)))
            } catch {
                result = .failure(.failed("screenshot: \(error)"))
            }
            outbox.results.withLock { $0.append((id, result)) }
            outbox.finished.raise()
        }
    }

    private func deliver() {
        outbox.finished.clear()
        let ready = outbox.results.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for (id, result) in ready {
            waiting.removeValue(forKey: id)?(result)
        }
    }
}
