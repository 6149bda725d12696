import XCTest
@testable import KioskEngine

/// A screen that writes its containment and appearance callbacks to a shared log.
final class RecordingController: ViewController {
    let log: EventLog
    let label: String

    init(_ label: String, log: EventLog, background: Color = .clear) {
        self.label = label
        self.log = log
        super.init(view: View(name: label))
        view.backgroundColor = background
    }

    override func willMove(toParent parent: ViewController?) { log.add("\(label).willMove(\(parent == nil ? "nil" : "parent"))") }
    override func didMove(toParent parent: ViewController?) {
        let placement = parent == nil ? "" : view.superview == nil ? " no-view" : " frame=\(view.frame)"
        log.add("\(label).didMove(\(parent == nil ? "nil" : "parent"))\(placement)")
    }
    override func removeFromParent() {
        super.removeFromParent()
        log.add("\(label).removeFromParent view-in-tree=\(view.superview != nil)")
    }
    override func viewWillAppear(_ animated: Bool) { log.add("\(label).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(label).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(label).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(label).didDisappear") }
}

final class EventLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
    func matching(_ prefix: String) -> [String] { entries.filter { $0.hasPrefix(prefix) } }
}

final class RecordingDelegate: ContainerControllerDelegate {
    private(set) var began: [(from: Int, to: Int, interactive: Bool)] = []
    private(set) var ended: [(from: Int, to: Int, completed: Bool)] = []
    func transitionDidBegin(from: Int, to: Int, interactive: Bool) { began.append((from, to, interactive)) }
    func transitionDidEnd(from: Int, to: Int, completed: Bool) { ended.append((from, to, completed)) }
}

/// A container of `count` recording screens on a 60 Hz virtual clock, 400x300 pixels.
struct Harness {
    let clock = ManualFrameClock()
    let log = EventLog()
    let delegate = RecordingDelegate()
    let container: ContainerController
    let screens: [RecordingController]
    var diagnostics: [String] { diagnosticsBox.entries }
    private let diagnosticsBox = EventLog()

    static let size = Size(width: 400, height: 300)

    init(count: Int = 3, home: Int = 0, options: TransitionOptions = TransitionOptions(), blurOn: Set<Int> = [1]) {
        container = ContainerController(size: Self.size, frameClock: clock, options: options)
        let log = self.log
        screens = (0..<count).map { RecordingController("s\($0)", log: log) }
        for (index, screen) in screens.enumerated() { screen.prefersBackgroundBlur = blurOn.contains(index) }
        container.delegate = delegate
        let box = diagnosticsBox
        container.onDiagnostic = { box.add($0) }
        try! container.setScreens(screens, home: home)
        log.clear()
    }

    var width: Double { Self.size.width }

    /// Ticks until no transition is in flight (at most `limit` frames); returns the frames ticked.
    @discardableResult
    func settle(limit: Int = 600) -> Int {
        var frames = 0
        while container.isTransitioning && frames < limit {
            clock.tick()
            frames += 1
        }
        return frames
    }
}

/// One finger, moving in steps of `interval` seconds on the harness's clock.
struct Finger {
    let id: Int
    let container: ContainerController
    let clock: ManualFrameClock
    var location: Point
    var interval = 0.01

    init(_ harness: Harness, id: Int = 1, at location: Point) {
        self.id = id
        container = harness.container
        clock = harness.clock
        self.location = location
    }

    private var time: Double { clock.now }

    mutating func down() {
        container.handle(TouchEvent(id: id, phase: .began, location: location, time: time))
    }

    /// Moves by (dx, dy) in `steps` equal steps, `interval` apart (no vsync ticks in between).
    mutating func move(dx: Double, dy: Double = 0, steps: Int = 10) {
        for _ in 0..<steps {
            clock.advance(to: clock.now + interval)
            location = Point(x: location.x + dx / Double(steps), y: location.y + dy / Double(steps))
            container.handle(TouchEvent(id: id, phase: .moved, location: location, time: time))
        }
    }

    /// Lifts the finger after standing still for `hold` seconds.
    mutating func up(hold: Double = 0) {
        clock.advance(to: clock.now + (hold > 0 ? hold : interval))
        container.handle(TouchEvent(id: id, phase: .ended, location: location, time: time))
    }
}

func XCTAssertRectEqual(_ a: Rect, _ b: Rect, accuracy: Double = 1e-6, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let close = abs(a.minX - b.minX) <= accuracy && abs(a.minY - b.minY) <= accuracy
        && abs(a.width - b.width) <= accuracy && abs(a.height - b.height) <= accuracy
    XCTAssertTrue(close, "\(a) is not \(b) \(message)", file: file, line: line)
}
