import KioskEngine
import KioskOptions

/// The camera's plane path on a DRM display: with `[display] planes = "auto"` on an atomic driver,
/// a camera screen with only overlays on it is scanned out from two planes, the feed from the
/// camera's own capture buffer where a plane takes its format (zero-copy: imported from its DMABUF
/// once, held until the flip that replaces it completes), else each new feed frame copied into a
/// buffer of its own; the UI, drawn without the feed, goes into ARGB buffers on a plane above, and
/// a frame where only the feed changed commits the feed's buffer alone. `PlaneScanout` checks
/// every layout with a TEST_ONLY commit and changes planes inside the frame's own commit.
extension DRMDisplay {
    /// The planner's layouts for `layers`, narrowed to those whose buffers exist (the capture
    /// buffer imported, the feed at the mode's size), then the first the driver takes in a
    /// TEST_ONLY commit; composed, and why in the log, otherwise.
    public func plan(_ layers: DisplayLayers) -> DisplayPlan {
        guard let output, let planner, var planeScanout, kernel.atomic != nil, !isClosed else { return .composed }
        let screen = PixelSize(width: output.mode.width, height: output.mode.height)
        // Frames laid out for another panel are shown centred: only composing does that.
        guard frameWidth == screen.width, frameHeight == screen.height else { return .composed }
        let scene = layers.scene, feed = layers.feed
        let capture = feed == nil ? nil : layers.capture
        if capture?.id.stream != captureStream {
            captureStream = capture?.id.stream
            releaseImports()
        }
        let size = feed.map { PixelSize(width: $0.width, height: $0.height) }
        // The capture buffer as it is where a plane takes its format, else the frame converted to XRGB at the mode's size.
        var plan = planner.plan(scene: scene, feed: capture.map { PlaneFeed(format: $0.pixelFormat, size: $0.size) }
                                    ?? size.map { PlaneFeed(format: .xrgb32, size: $0) })
        // Without a capture buffer the camera log already said why its buffers are not exported.
        var notZeroCopy: String?
        var captureFramebuffer: UInt32 = 0
        if case .planes(let layouts) = plan {
            var usable: [PlaneLayout] = []
            for layout in layouts {
                switch layout.feedBuffer {
                case .captureBuffer:
                    guard let capture else { continue }
                    do {
                        captureFramebuffer = try imports.framebuffer(of: capture, format: layout.feedFormat, on: device)
                        usable.append(layout)
                    } catch {
                        notZeroCopy = "importing the camera's buffer failed: \(error.reason)"
                    }
                case .convertedDumbBuffer:
                    // The feed comes converted to XRGB at the mode's size: a copy into a dumb buffer shows it.
                    if size == screen { usable.append(layout) }
                }
            }
            if let capture, !layouts.contains(where: { $0.feedBuffer == .captureBuffer }) {
                notZeroCopy = DRMFormat.scanout(of: capture.pixelFormat).map { "no plane under the UI's takes \($0), the camera's format" }
                    ?? "no DRM format scans \(capture.pixelFormat) out as captured"
            }
            if !usable.isEmpty {
                plan = .planes(usable)
            } else if let size, size != screen {
                plan = .compose(.noPlanes("the feed's frames are \(size.width)x\(size.height), the mode \(screen.width)x\(screen.height)"))
            } else {
                plan = .compose(.noPlanes(notZeroCopy ?? "no plane of CRTC index \(output.crtcIndex) takes XR24 under a plane that takes AR24"))
            }
        }
        if case .planes = plan, planeBuffers == nil {
            do {
                planeBuffers = try PlaneFrameBuffers(on: device, uiCount: buffers.count, width: screen.width, height: screen.height)
            } catch {
                log("\(device.path): no buffers for the camera's plane (\(error)); composing it on the CPU")
                self.planner = nil
                return .composed
            }
        }
        let backFramebuffers: (feed: UInt32, ui: UInt32) = planeBuffers?.backFramebuffers ?? (0, 0)
        let path = planeScanout.choose(plan: plan, device: device, framebuffers: { layout in
            (layout.feedBuffer == .captureBuffer ? captureFramebuffer : backFramebuffers.feed, backFramebuffers.ui)
        }, notZeroCopy: notZeroCopy, log: log)
        self.planeScanout = planeScanout
        guard case .planes(let layout) = path else {
            return DisplayPlan(placement: .composed, path: path, feed: feed, capture: nil, generation: planGeneration)
        }
        switch layout.feedBuffer {
        case .captureBuffer:
            return DisplayPlan(placement: .planeFromCaptureBuffer, path: path, feed: feed, capture: capture, generation: planGeneration)
        case .convertedDumbBuffer:
            return DisplayPlan(placement: .planeCopied, path: path, feed: feed, capture: nil, generation: planGeneration)
        }
    }

    /// Presented with the UI of the last frame and no damage, the plan commits the feed plane's FB_ID alone (or waits behind a commit in flight).
    public func plan(feedFrame feed: PixelBuffer, capture: any CaptureBuffer, after last: DisplayPlan) -> DisplayPlan? {
        guard last.generation == planGeneration, case .planes(let layout)? = last.path, layout.feedBuffer == .captureBuffer,
              capture.id.stream == captureStream, lastPresented != nil, !isClosed else { return nil }
        return DisplayPlan(placement: .planeFromCaptureBuffer, path: last.path, feed: feed, capture: capture, generation: planGeneration)
    }

    /// The camera's plane path on `chosen`'s CRTC, where `[display] planes = "auto"` and the driver is atomic.
    func setUpPlanes(for chosen: DRMOutput) {
        planner = nil
        planeScanout = nil
        planGeneration += 1
        planeBuffers?.destroy(on: device)
        planeBuffers = nil
        guard planesSetting == .auto, let atomic = kernel.atomic else { return }
        do {
            planner = PlanePlanner(setting: planesSetting, atomic: true, planes: try device.planes(), crtcIndex: chosen.crtcIndex,
                                   screen: PixelSize(width: chosen.mode.width, height: chosen.mode.height))
            planeScanout = try PlaneScanout.lookUp(on: device, output: atomic, crtcIndex: chosen.crtcIndex)
        } catch {
            planner = nil
            log("\(device.path): the camera stays composed on the CPU: \(error)")
        }
    }

    /// A frame on the camera's plane could not be shown (`why`, for the log): the screen keeps the
    /// last frame, the feed is composed on the CPU from now on, and the next frame is composed
    /// whole, at once. No camera frame is shown from its buffer until then (the plans made before are stale).
    func endPlanePath(_ why: String) {
        log("\(device.path): \(why); composing it on the CPU")
        planner = nil
        planGeneration += 1
        onRedrawNeeded?()
    }

    /// Removes the imported framebuffers of streams other than the camera's current one that no commit shows.
    func releaseImports() {
        // Called at every flip: nothing to look at while only the current stream is imported.
        guard imports.holdsStreams(besides: captureStream) else { return }
        let inUse = feedPlane.held.compactMap(\.capture) + [waitingFrame?.plan.capture].compactMap { $0 }
        imports.release(keeping: captureStream, inUse: Set(inUse.map(\.id)), on: device)
    }
}
