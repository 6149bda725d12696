/// Moves a backlight to a new level over about 300 ms in a few writes, on a daemon timer: a
/// fade is a handful of sysfs writes, not a frame loop.
final class BacklightFader {
    /// How long a fade takes.
    static let duration = 0.3
    /// Writes per fade.
    static let steps = 6

    let backlight: any Backlight
    private let clock: any DaemonClock
    private var timer: (any DaemonTimer)?
    private var from = 0
    private var target = 0
    private var step = 0
    private var completion: (() -> Void)?
    /// A write failed; called once per fade with the error.
    var onError: (BacklightError) -> Void = { _ in }

    init(backlight: any Backlight, clock: any DaemonClock) {
        self.backlight = backlight
        self.clock = clock
    }

    /// The level the running fade ends on (or the current one).
    var targetLevel: Int { target }

    func start() throws {
        timer = try clock.makeTimer { [unowned self] in advance() }
        target = backlight.level
    }

    /// Fades to `fraction` (0...1) of full brightness, then calls `completion`.
    func fade(to fraction: Double, then completion: (() -> Void)? = nil) {
        let level = backlight.level(forFraction: fraction)
        self.completion = completion
        from = backlight.level
        target = level
        step = 0
        guard from != target, let timer else {
            timer?.cancel()
            finish()
            return
        }
        let interval = Self.duration / Double(Self.steps)
        timer.schedule(at: clock.now + interval, repeatingEvery: interval)
    }

    /// Stops a running fade where it is, without its completion.
    func cancel() {
        timer?.cancel()
        completion = nil
    }

    private func advance() {
        step += 1
        let progress = Double(step) / Double(Self.steps)
        let level = step >= Self.steps ? target : from + Int((Double(target - from) * progress).rounded())
        do {
            try backlight.setLevel(level)
        } catch {
            timer?.cancel()
            onError(error)
            return
        }
        if step >= Self.steps {
            timer?.cancel()
            finish()
        }
    }

    private func finish() {
        let completion = self.completion
        self.completion = nil
        completion?()
    }
}
