import Glibc
import KioskEngine

/// The output lit, re-lit and darkened: the connector the watcher finds, its mode set through the
/// kernel interface, DRM master lost and retried, and DPMS.
extension DRMDisplay {
    /// Looks at the connector again after a hot-plug event or a retry deadline, re-lighting it if it can.
    func reprobe() {
        lightUp(firstAttempt: false)
    }

    /// Checks that the connector in use is still connected, or finds one that is, and sets the
    /// mode with the front buffer (holding the last frame); notes why it cannot yet otherwise.
    func lightUp(firstAttempt: Bool) {
        guard !isClosed else { return }
        let wasConnected = isOutputConnected
        defer {
            if isOutputConnected != wasConnected { onOutputConnectionChanged?(isOutputConnected) }
        }
        if let current = output, scanout != .disconnected {
            switch watcher.recheck(current, on: device) {
            case .unreadable(let why):
                log("\(device.path): cannot read \(current.connector.name): \(why)")
                watcher.retryLater(now: now())
                return
            case .connected(let connector):
                if scanout == .active && !firstAttempt { return }
                output?.connector = connector
                setMode(firstAttempt: firstAttempt)
                return
            case .unplugged:
                disconnect()
            }
        }
        // Nothing shown: whichever connector the options allow and is connected now (a cable moved to another port, say).
        do {
            try adopt(try watcher.choose(on: device, claims: card.claims(besides: self)))
        } catch DisplayError.noConnectedConnector {
            watcher.retryLater(now: now())
            return
        } catch {
            log("\(device.path): cannot light a connector yet: \(error)")
            watcher.retryLater(now: now())
            return
        }
        setMode(firstAttempt: firstAttempt)
    }

    /// Makes `chosen` the output in use: buffers of its mode's size, pacing at its rate, and the
    /// kernel interface chosen for its connector and CRTC.
    func adopt(_ chosen: DRMOutput) throws {
        let previous = output
        if buffers.isEmpty || previous?.mode.width != chosen.mode.width || previous?.mode.height != chosen.mode.height {
            var created: [DRMDumbBuffer] = []
            do {
                for _ in 0..<bufferCount {
                    created.append(try device.createDumbBuffer(width: chosen.mode.width, height: chosen.mode.height))
                }
            } catch {
                created.forEach(device.destroyDumbBuffer)
                throw error
            }
            // Nothing scans the old ones out: their connector is gone.
            buffers.forEach(device.destroyDumbBuffer)
            buffers = created
            primary.reset(showing: 0)
            if chosen.mode.width != frameWidth || chosen.mode.height != frameHeight {
                log("\(device.path): \(chosen.connector.name) is \(chosen.mode.width)x\(chosen.mode.height) but the screens are laid out "
                    + "for \(frameWidth)x\(frameHeight): shown centred; set [display] mode to the panel's and restart to fill it")
            }
        }
        if pacer.refreshInterval != 1 / chosen.mode.refreshRate {
            pacer = VsyncPacer(refreshInterval: 1 / chosen.mode.refreshRate, source: pacer.source)
        }
        if previous?.crtcIndex != chosen.crtcIndex, pacer.source == .pageFlip,
           !device.supportsVblankQueries(crtcIndex: chosen.crtcIndex) {
            pacer.useTimer()
            announcedTimerPacing = true
            log("\(device.path): drmWaitVBlank fails, so flips are not timed by vblank; pacing frames by a \(chosen.mode.roundedRefreshRate) Hz timer")
        }
        if savedCrtc == nil { savedCrtc = device.saveCrtc(chosen.crtcID) }
        if previous?.connector.id != chosen.connector.id || previous?.crtcID != chosen.crtcID {
            // Property ids and the mode blob belong to the connector and CRTC: looked up again for a new pair.
            kernel.release()
            kernel = DRMKernelInterfaces.choose(on: device, output: chosen, preferAtomic: preferAtomic, log: log)
            setUpPlanes(for: chosen)
        }
        output = chosen
    }

    /// The atomic interface refused what the legacy calls can do: they do it from now on, and the
    /// camera's planes (atomic only) are composed.
    func useLegacyCalls(_ refusal: AtomicRefusal) {
        log("\(device.path): \(refusal.what); using legacy page flips")
        kernel = LegacyKernelInterface(device: device)
        planner = nil
        planeScanout = nil
    }

    /// The connector in use went away: nothing is drawn or ticked until one is connected again.
    private func disconnect() {
        guard scanout != .disconnected, let output else { return }
        log("\(device.path): \(output.connector.name) unplugged; running on, the picture returns when a panel is plugged in")
        scanout = .disconnected
        abandonPendingFlip()
        frameTimer.arm(at: nil)
        watcher.retryLater(now: now())
    }

    /// Sets the output's mode with the front buffer, which gets the last frame first.
    private func setMode(firstAttempt: Bool) {
        guard let output else { return }
        tracker.invalidateAll()
        let front = primary.current ?? 0
        if let lastFrame { copy(lastFrame, damage: [], into: front) }
        if case .waitingForMaster = scanout { device.acquireMaster() }
        do {
            do {
                try kernel.setMode(output, framebufferID: buffers[front].framebufferID, blanked: isBlanked)
            } catch let refusal as AtomicRefusal {
                useLegacyCalls(refusal)
                try kernel.setMode(output, framebufferID: buffers[front].framebufferID, blanked: isBlanked)
            }
            if !hasShown && !firstAttempt {
                log("\(device.path): \(output.connector.name) connected; showing at \(output.mode)")
            } else if scanout != .active || !firstAttempt {
                log("\(device.path): \(output.connector.name) showing again")
            }
            hasShown = true
            scanout = .active
            planeScanout?.forgetFramebuffers()
            abandonPendingFlip()
            watcher.stopRetrying()
        } catch DisplayError.systemCall(_, _, let code) where DRMKernelInterfaces.isMasterLoss(code) {
            loseMaster()
        } catch {
            log("\(device.path): setting \(output.mode) on \(output.connector.name) failed: \(error); retrying")
            scanout = .disconnected
            watcher.retryLater(now: now())
        }
    }

    func loseMaster() {
        let attempt: Int
        if case .waitingForMaster(let previous) = scanout { attempt = previous + 1 } else { attempt = 0 }
        let delay = Self.masterRetryDelay(attempt: attempt)
        log("\(device.path): another process is DRM master (a compositor or X server on this card?); stop it or pick another card. Retrying in \(Int(delay)) s")
        scanout = .waitingForMaster(attempt: attempt)
        abandonPendingFlip()
        watcher.retry(at: now() + delay)
    }

    /// A flip queued before the mode was set again or master was lost; its event, if any, is stale.
    private func abandonPendingFlip() {
        scanoutCapture.cancel(.deviceUnavailable(path: device.path, reason: "the output was set up again (unplugged, plugged in or DRM master lost)"))
        primary.abandon()
        uiPlane.abandon()
        feedPlane.abandon()
        // The front buffer was given the last frame, which the waiting one is.
        waitingFrame = nil
        flipTimer.arm(at: nil)
        pacer.flipAbandoned()
    }

    /// 1, 2, 4 … seconds, capped at 30.
    static func masterRetryDelay(attempt: Int) -> Double {
        min(30, Double(1 << min(attempt, 5)))
    }

    public var supportsPowerSaving: Bool { kernel.supportsPowerSaving(output) }

    public func setPowerSaving(_ enabled: Bool) throws {
        if kernel.powerChangeWaitsForFlip, primary.isFlipPending {
            // A commit is in flight: the change follows its event, so no call waits for it.
            deferredPowerSaving = enabled == isBlanked ? nil : enabled
            waitingFrame = enabled ? nil : waitingFrame
            return
        }
        guard enabled != isBlanked else { return }
        guard let output, scanout != .disconnected else {
            // Nothing to darken now: the mode set that lights a panel plugged in carries the state asked for.
            isBlanked = enabled
            return
        }
        if try kernel.setPower(on: !enabled, output: output, log: log) { isBlanked = enabled }
    }
}
