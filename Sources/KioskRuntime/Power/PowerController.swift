import Foundation
import KioskConfig
import KioskDisplay
import Logging

/// Carries out `[power]`: dims and darkens the panel after so long without a touch, keeps it dark
/// outside the schedule (but for `wake-for` after a touch), fades the backlight, and wakes the
/// panel on a touch or `wake()`. When things happen is `PowerPolicy`'s and `PowerTimetable`'s to decide.
final class PowerController {
    /// The panel went dark (true) or lit again (false): the daemon stops and restarts composing and the camera.
    var onDarkChanged: (Bool) -> Void = { _ in }
    /// Called as the panel goes dark by `blank-method = "black"`: present one black frame.
    var showBlackFrame: () -> Void = {}
    /// `brightness` changed.
    var onBrightnessChanged: () -> Void = {}

    private(set) var configuration: PowerConfiguration
    /// Backlight level while awake (0...1): `[power] brightness`, or what `setBrightness` set since.
    private(set) var brightness: Double
    private(set) var state: ScreenPower = .awake
    /// When the panel last came back from dim or dark; touches landing just after belong to the hand that woke it.
    private(set) var wokeAt = -Double.infinity

    private var policy: PowerPolicy
    private var timetable: PowerTimetable
    private let display: any Display
    private let fader: BacklightFader?
    private let clock: any DaemonClock
    private let wallClock: any WallClock
    private let logger: Logger
    private var timer: (any DaemonTimer)?
    private var lastActivity: Double
    /// When the wake of the last touch outside the schedule runs out.
    private var wakeUntil = -Double.infinity
    /// `blank()` holds the panel dark until the next touch or `wake()`.
    private var forcedDark = false
    private var scheduleLit = true
    /// The next wall-clock instant the schedule changes; nil: never.
    private var scheduleChange: Date?
    private var reportedBacklightError: BacklightError?

    init(configuration: PowerConfiguration, display: any Display, backlight: (any Backlight)?,
         clock: any DaemonClock, wallClock: any WallClock, logger: Logger) {
        self.configuration = configuration
        brightness = configuration.brightness
        policy = PowerPolicy(configuration)
        timetable = PowerTimetable(schedules: configuration.schedule)
        self.display = display
        fader = backlight.map { BacklightFader(backlight: $0, clock: clock) }
        self.clock = clock
        self.wallClock = wallClock
        self.logger = logger
        lastActivity = clock.now
    }

    /// True while the panel is dark.
    var isDark: Bool { state == .dark }
    /// The backlight in use, if any.
    var backlight: (any Backlight)? { fader?.backlight }

    func start() throws {
        timer = try clock.makeTimer { [unowned self] in update() }
        if let fader {
            try fader.start()
            fader.onError = { [unowned self] error in report(error) }
            fader.fade(to: brightness)
        } else if configuration.dimAfter > 0 {
            logger.notice("[power] dim-after is set but there is no backlight: the panel does not dim")
        }
        readSchedule()
        update()
    }

    /// The wall clock was set (NTP, `date -s`): the schedule is decided again from the new time.
    func wallClockWasSet() {
        logger.notice("the wall clock was set: deciding the power schedule again")
        readSchedule()
        update()
    }

    /// Leaves the backlight lit at the awake level, without a fade, for whatever shows after the daemon.
    func stop() {
        timer?.cancel()
        guard let fader else { return }
        fader.cancel()
        do throws(BacklightError) {
            try fader.backlight.setPowered(true)
            try fader.backlight.setLevel(fader.backlight.level(forFraction: brightness))
        } catch {
            report(error)
        }
    }

    /// A reloaded `[power]`; a new `brightness` replaces one set through `setBrightness`. Its
    /// `backlight` is the one that opened: only a start applies it (`StartOnlyConfiguration`).
    func apply(_ new: PowerConfiguration) {
        let old = configuration
        configuration = new
        policy = PowerPolicy(new)
        timetable = PowerTimetable(schedules: new.schedule)
        if new.brightness != old.brightness { setBrightness(new.brightness) }
        readSchedule()
        update()
    }

    /// A touch arrived: the idle time starts again, and the panel wakes if it was dim or dark.
    func touched() {
        lastActivity = clock.now
        forcedDark = false
        if !scheduleLit { wakeUntil = lastActivity + policy.wakeFor }
        update(reason: "by a touch")
    }

    /// Turns the panel dark until the next touch or `wake()`; `reason` ends the log line.
    func blank(reason: String) {
        forcedDark = true
        update(reason: reason)
    }

    /// Wakes the panel as a touch does; `reason` ends the log line.
    func wake(reason: String) {
        lastActivity = clock.now
        forcedDark = false
        if !scheduleLit { wakeUntil = lastActivity + policy.wakeFor }
        update(reason: reason)
    }

    /// Sets the backlight level while awake (clamped to 0...1); fades to it when it shows now.
    func setBrightness(_ value: Double) {
        brightness = min(max(value, 0), 1)
        if state != .dark { fader?.fade(to: level(for: state)) }
        onBrightnessChanged()
    }

    // MARK: - Deciding

    private func readSchedule() {
        let wasLit = scheduleLit
        scheduleLit = timetable.isLit(at: wallClock.date, in: wallClock.calendar)
        scheduleChange = timetable.nextChange(after: wallClock.date, in: wallClock.calendar)
        // The schedule's start lights the panel as a touch would.
        if scheduleLit && !wasLit { lastActivity = clock.now }
    }

    private func update(reason: String? = nil) {
        if let scheduleChange, wallClock.date >= scheduleChange { readSchedule() }
        let wanted = forcedDark
            ? .dark : policy.state(at: clock.now, lastActivity: lastActivity, scheduleLit: scheduleLit, wakeUntil: wakeUntil)
        if wanted != state { go(to: wanted, reason: reason ?? automaticReason(for: wanted)) }
        reschedule()
    }

    private func reschedule() {
        guard let timer else { return }
        var deadlines: [Double] = []
        if let deadline = policy.nextDeadline(after: clock.now, lastActivity: lastActivity, scheduleLit: scheduleLit,
                                              wakeUntil: wakeUntil) {
            deadlines.append(deadline)
        }
        if let scheduleChange { deadlines.append(clock.now + max(scheduleChange.timeIntervalSince(wallClock.date), 0)) }
        guard let next = deadlines.min() else { return timer.cancel() }
        timer.schedule(at: next)
    }

    private func automaticReason(for state: ScreenPower) -> String {
        switch state {
        case .awake: "as the schedule begins"
        case .dimmed: "after \(Int(policy.dimAfter)) s idle"
        case .dark:
            if !scheduleLit { "outside the schedule" }
            else { "after \(Int(policy.blankAfter)) s idle, until the next touch" }
        }
    }

    // MARK: - Acting

    private func go(to new: ScreenPower, reason: String) {
        let old = state
        state = new
        switch (old, new) {
        case (_, .dark):
            goDark()
            logger.info("panel dark \(reason)")
            onDarkChanged(true)
        case (.dark, _):
            wokeAt = clock.now
            lightUp(to: new)
            logger.info("panel \(new == .awake ? "woken" : "dimmed") \(reason)")
            onDarkChanged(false)
        case (.dimmed, .awake):
            wokeAt = clock.now
            fader?.fade(to: level(for: new))
            logger.info("panel woken \(reason)")
        case (.awake, .dimmed):
            fader?.fade(to: level(for: new))
            logger.info("panel dimmed \(reason)")
        case (.awake, .awake), (.dimmed, .dimmed):
            break
        }
    }

    private func level(for state: ScreenPower) -> Double {
        switch state {
        case .awake: brightness
        case .dimmed: min(configuration.dimBrightness, brightness)
        case .dark: 0
        }
    }

    private func goDark() {
        switch configuration.blankMethod {
        case .dpms: darkenDisplay()
        case .backlight: darkenBacklight()
        case .black: showBlackFrame()
        case .auto:
            if display.supportsPowerSaving { darkenDisplay() }
            else if fader != nil { darkenBacklight() }
            else { showBlackFrame() }
        }
    }

    /// Black first: a panel that ignores DPMS then shows black, not the last picture.
    private func darkenDisplay() {
        showBlackFrame()
        do {
            try display.setPowerSaving(true)
        } catch {
            logger.warning("cannot switch the panel off (\(error)); it shows black instead")
        }
    }

    private func darkenBacklight() {
        guard let fader else {
            logger.warning("[power] blank-method = \"backlight\" but there is no backlight; showing black instead")
            return showBlackFrame()
        }
        fader.fade(to: 0) { [unowned self] in
            // A touch during the fade lit the panel again: leave the backlight on.
            guard state == .dark else { return }
            do throws(BacklightError) { try fader.backlight.setPowered(false) } catch { report(error) }
        }
    }

    /// Undoes every way of going dark, so a reload that changed the method while dark still wakes.
    private func lightUp(to state: ScreenPower) {
        do {
            try display.setPowerSaving(false)
        } catch {
            logger.warning("cannot switch the panel on: \(error)")
        }
        guard let fader else { return }
        do { try fader.backlight.setPowered(true) } catch { report(error) }
        fader.fade(to: level(for: state))
    }

    private func report(_ error: BacklightError) {
        guard error != reportedBacklightError else { return }
        reportedBacklightError = error
        logger.error("backlight: \(error)")
    }
}
