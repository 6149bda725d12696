import ArgumentParser
import Foundation
import KioskDisplay
import KioskOptions
import KioskRuntime
import Logging

extension DisplayBackend: ExpressibleByArgument {}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk: the display, touch input, the camera feed and transitions, until SIGTERM.")

    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: "Override [display] backend: auto, drm, fbdev, headless or sdl (a desktop window).")
    var display: DisplayBackend?

    @Option(name: .customLong("events-log"), help: "Write touches, transitions and frames as JSON lines to this file.")
    var eventsLog: String?

    @Option(name: .long, help: "Feed an evemu recording in real time, then stop (see --keep-running) and report input-to-screen latency.")
    var replay: String?

    @Option(name: .long, help: "The .desc file for a --replay recording without a description.")
    var device: String?

    @Flag(name: .customLong("keep-running"), help: "After a --replay, go on as a normal kiosk until SIGTERM.")
    var keepRunning = false

    func run() throws {
        // One limiter for every logger of the process: a kind of line is limited wherever it is logged.
        let limiter = LogRateLimiter()
        LoggingSystem.bootstrap { RateLimitedLogHandler(wrapping: KioskLogHandler(label: $0), limiter: limiter) }
        let logger = Logger(label: "swipe-kiosk")
        var options = RunOptions(configPath: configOption.config, displayBackend: display, eventsLogPath: eventsLog,
                                 replayPath: replay, replayDevicePath: device)
        options.exitAfterReplay = !keepRunning
        // Taken before anything starts; kept here so a stop during start-up is read, not re-raised.
        let signals: SignalSource
        do {
            signals = try SignalSource(signals: [SIGTERM, SIGINT, SIGHUP])
        } catch {
            logger.critical("\(error)")
            throw ExitCode.failure
        }
        do {
            let daemon = try KioskDaemon(options: options, logger: logger, signals: signals)
            let control = KioskControl(daemon: daemon, logger: logger)
            let status = try withExtendedLifetime(control) { try daemon.run() }
            if status != 0 { throw ExitCode(status) }
        } catch let error as ExitCode {
            throw error
        } catch is StopRequested {
            let received = signals.readPending().first { $0 != SIGHUP } ?? SIGTERM
            logger.notice("signal \(received) during start-up: stopping")
        } catch {
            logger.critical("\(error)")
            throw ExitCode.failure
        }
    }
}
