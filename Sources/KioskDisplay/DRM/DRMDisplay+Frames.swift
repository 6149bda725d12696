import Glibc
import KioskEngine
import KioskOptions

/// Frames going out: the present, the commit that shows it (composed on the primary plane, or the
/// camera's planes), the one-slot wait behind a commit in flight, and the flip event that puts
/// each plane's queued buffer on screen.
extension DRMDisplay {
    /// Shows `frame` composed, the feed in it.
    public func present(_ frame: PixelBuffer, damage: [PixelRect]) throws {
        try present(frame, damage: damage, plan: .composed)
    }

    public func present(_ frame: PixelBuffer, damage: [PixelRect], plan: DisplayPlan) throws {
        try DisplayError.requireSize(of: frame, width: frameWidth, height: frameHeight)
        lastPresented = frame
        var newFeed = false
        if case .planes? = plan.path, let feed = plan.feed {
            // A feed frame that is not on screen, nor in the commit in flight or the frame waiting for it.
            let shown = waitingFrame?.plan.feed.map(FeedFrame.init) ?? feedPlane.queued?.frame ?? feedPlane.current?.frame
            newFeed = FeedFrame(feed) != shown
        } else {
            lastFrame = frame
        }
        guard !damage.isEmpty || newFeed else { return }
        // Counted even when not flipped (dark, unplugged): the next flip shows what it changed.
        presentCount += 1
        guard scanout == .active, !isBlanked, !isClosed else { return }
        if primary.isFlipPending || scanoutCapture.fence != nil {
            // The flip's event (or the writeback's fence) sends this one; a frame waiting before it
            // is replaced, its damage kept.
            waitingFrame = PresentedFrame(frame: frame, damage: (waitingFrame?.damage ?? []) + damage, plan: plan)
            return
        }
        try flip(PresentedFrame(frame: frame, damage: damage, plan: plan))
    }

    /// Copies `presented`'s damage into the back buffer and queues the flip to it at the next
    /// vblank; on the plane path, the UI's damage and a new feed frame into theirs.
    func flip(_ presented: PresentedFrame) throws {
        guard let output else { return }
        let plan = presented.plan
        if case .planes(let layout)? = plan.path, let feed = plan.feed, planeBuffers != nil, planeScanout != nil {
            return try flipPlanes(ui: presented.frame, damage: presented.damage, layout: layout, feed: feed, capture: plan.capture)
        }
        let back = ((primary.current ?? 0) + 1) % buffers.count
        copy(presented.frame, damage: presented.damage, into: back)
        let framebuffer = buffers[back].framebufferID
        var request: DRMAtomicRequest?
        if var planeScanout {
            // Through the scan-out, so planes the last frame used go off in this commit.
            var composed = PlaneScanout.Path.composed(.planesOff)
            if case .composed? = plan.path { composed = plan.path! }
            request = planeScanout.request(for: composed, composedFramebuffer: framebuffer, framebuffers: { _ in (0, 0) })
            self.planeScanout = planeScanout
        }
        do {
            do {
                try kernel.flip(output, framebufferID: framebuffer, request: request)
            } catch let refusal as AtomicRefusal {
                useLegacyCalls(refusal)
                try kernel.flip(output, framebufferID: framebuffer, request: nil)
            }
        } catch DisplayError.systemCall(_, _, let code) where code == EACCES || code == EPERM {
            loseMaster()
            return
        }
        primary.stage(back)
        uiPlane.stage(nil)
        feedPlane.stage(nil)
        flipSubmitted()
    }

    /// The UI's damage into its back buffer, and one commit showing it over the feed: the capture
    /// buffer itself (zero-copy; one that cannot be imported ends the plane path), else the new
    /// feed frame copied into the feed's back buffer.
    private func flipPlanes(ui frame: PixelBuffer, damage: [PixelRect], layout: PlaneLayout, feed: PixelBuffer,
                            capture: (any CaptureBuffer)?) throws {
        guard let output, var planeBuffers, var planeScanout else { return }
        let feedShown: FeedScanout
        let feedFramebuffer: UInt32
        switch layout.feedBuffer {
        case .captureBuffer:
            // The camera left this frame unconverted: no dumb buffer holds its picture, so a buffer
            // that cannot be shown ends the plane path and the held frame is converted and composed.
            guard let capture else { return endPlanePath("no capture buffer came with the camera's frame") }
            do {
                feedFramebuffer = try imports.framebuffer(of: capture, format: layout.feedFormat, on: device)
            } catch {
                return endPlanePath("importing the camera's buffer (\(capture.id)) failed (\(error.reason))")
            }
            feedShown = FeedScanout(frame: FeedFrame(feed), source: .captureBuffer(capture))
        case .convertedDumbBuffer:
            let back = planeBuffers.drawFeed(feed)
            feedFramebuffer = planeBuffers.feed[back].framebufferID
            feedShown = FeedScanout(frame: FeedFrame(feed), source: .dumbBuffer(back))
        }
        let uiBack = planeBuffers.drawUI(frame, damage: damage)
        self.planeBuffers = planeBuffers
        let framebuffers = (feed: feedFramebuffer, ui: planeBuffers.ui[uiBack].framebufferID)
        let composed = buffers[primary.current ?? 0].framebufferID
        let request = planeScanout.request(for: .planes(layout), composedFramebuffer: composed, framebuffers: { _ in framebuffers })
        self.planeScanout = planeScanout
        do {
            try kernel.flip(output, framebufferID: composed, request: request)
        } catch DisplayError.systemCall(_, _, let code) where code == EACCES || code == EPERM {
            loseMaster()
            return
        } catch {
            // TEST_ONLY took the layout but the commit did not.
            return endPlanePath("the camera's plane commit failed (\(error))")
        }
        uiPlane.stage(uiBack)
        feedPlane.stage(feedShown)
        flipSubmitted()
    }

    /// The commit staged on the plane states went out: each plane's staged buffer is queued (the
    /// planes nothing was staged for keep theirs) until the flip event.
    func flipSubmitted(presents: Int? = nil) {
        primary.commit()
        uiPlane.commit()
        feedPlane.commit()
        // The frame flipped is the newest presented: a waiting one is always replaced by the next.
        pendingPresents = presents ?? presentCount
        let submitted = now()
        pacer.flipSubmitted(at: submitted)
        flipTimer.arm(at: submitted + Self.flipTimeout)
        scheduleFrame()
    }

    func completeFlips(_ events: [DRMFlipEvent], deliverTicks: Bool) throws {
        guard primary.isFlipPending else { return }
        // No event (a flip timed out) means it was lost; treat the flip as done rather than stall.
        let completions = events.isEmpty ? [DRMFlipEvent(sequence: 0, timestamp: now())] : events
        primary.flipCompleted()
        uiPlane.flipCompleted()
        // The capture buffer the flip replaced goes back to the camera here (its last holder lets go).
        feedPlane.flipCompleted()
        planeBuffers?.nowShowing(ui: uiPlane.current, feed: feedPlane.current)
        releaseImports()
        flipTimer.arm(at: nil)
        frameShownHandler?(FrameShown(time: completions.last!.timestamp, presentsCovered: pendingPresents))
        for event in completions {
            if let tick = pacer.flipCompleted(eventTime: event.timestamp, eventSequence: event.sequence, canDeliver: deliverTicks) {
                clock.deliver(tick)
            }
        }
        if let power = deferredPowerSaving {
            deferredPowerSaving = nil
            try setPowerSaving(power)
        }
        try sendNextCommit()
        if pacer.source == .timer && !announcedTimerPacing {
            announcedTimerPacing = true
            log("\(device.path): page flips complete without waiting for vblank; pacing frames by a \(Int(refreshRate.rounded())) Hz timer")
        }
    }

    /// A flip whose event never came (a driver that dropped it) is taken as done, so the display goes on.
    func flipTimedOut() throws {
        guard primary.isFlipPending else { return }
        log("\(device.path): no event for a page flip after \(Self.flipTimeout) s; taking it as done")
        try completeFlips([], deliverTicks: true)
    }

    /// What goes out once nothing is in flight (no flip pending, no writeback being written): a
    /// capture callers wait for, else the frame presented meanwhile. No commit replaces a frame
    /// being written back: vkms, for one, drops the writeback of a frame replaced before its
    /// composer ran.
    func sendNextCommit() throws {
        guard !primary.isFlipPending, scanoutCapture.fence == nil else { return }
        if scanoutCapture.wantsCommit && !isBlanked {
            submitCapture()
        } else if let next = waitingFrame, !isBlanked {
            waitingFrame = nil
            try flip(next)
        }
    }

    /// Reads back what the CRTC scans out through a writeback connector (the planes as the display
    /// controller blends them, at the mode's size); false where the driver is not atomic, the card
    /// has no writeback connector for this CRTC, or nothing is shown now (unplugged, dark).
    public func captureScanout(_ completion: @escaping (Result<PixelBuffer, DisplayError>) -> Void) -> Bool {
        guard let output, kernel.atomic != nil, scanout == .active, !isBlanked, !isClosed,
              scanoutCapture.prepare(on: device, output: output, log: log) else { return false }
        scanoutCapture.ask(completion)
        if !primary.isFlipPending { submitCapture() }
        return true
    }

    /// Commits the capture the callers wait for, tracked like a flip that changes nothing on
    /// screen (its event only moves the grid); a frame presented meanwhile waits.
    private func submitCapture() {
        guard let output, scanoutCapture.wantsCommit else { return }
        do {
            try scanoutCapture.commit(on: device, output: output, now: now())
        } catch {
            log("\(device.path): reading the scan-out back failed: \(error)")
            return
        }
        flipSubmitted(presents: pendingPresents)
    }

    func copy(_ frame: PixelBuffer, damage: [PixelRect], into index: Int) {
        guard let output else { return }
        let rects = tracker.rectanglesToCopy(into: index, damage: damage)
        let buffer = buffers[index]
        let offset = output.offset(ofFrameWidth: frameWidth, height: frameHeight)
        DamageCopy.copy(rects, from: frame, to: buffer.pixels, targetPitch: buffer.pitch,
                        targetWidth: output.mode.width, targetHeight: output.mode.height,
                        offsetX: offset.x, offsetY: offset.y)
    }
}
