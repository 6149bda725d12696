import KioskEngine

/// Puts each frame of an atomic output on the screen the way the plane planner allows: the feed
/// and the UI on two planes when a TEST_ONLY commit of that layout passes, else the composed frame
/// on the primary plane. Either way a frame is one request, so moving the feed into composition
/// and out again (a swipe starting and settling) changes planes in the same commit as the frame:
/// no frame is skipped and none shows half of each.
///
/// The driver's answer to a layout is remembered, so TEST_ONLY runs when the layout changes, not
/// every frame. The log gets one line each time the path changes, naming the path and why.
struct PlaneScanout {
    /// What a frame shows, as chosen for it.
    enum Path: Equatable {
        case planes(PlaneLayout)
        case composed(PlanePlan.ComposeReason)
    }

    private let output: DRMAtomicOutput
    /// The scan-out property ids of every plane that may carry the feed or the UI.
    private let planeProperties: [UInt32: DRMAtomicOutput.PlaneProperties]
    private var accepted: Set<PlaneLayout> = []
    private var refused: [PlaneLayout: String] = [:]
    /// The path of the last frame committed, nil before the first.
    private(set) var path: Path?
    /// The path `choose` gave last, to log changes once.
    private var lastChosen: Path?
    /// The framebuffers the last frame on planes showed; nil when the planes must be set in full.
    private var lastFramebuffers: (feed: UInt32, ui: UInt32)?

    init(output: DRMAtomicOutput, planeProperties: [UInt32: DRMAtomicOutput.PlaneProperties]) {
        self.output = output
        self.planeProperties = planeProperties
    }

    /// Looks up the scan-out properties of the planes that can feed `output`'s CRTC.
    static func lookUp(on device: DRMDevice, output: DRMAtomicOutput, crtcIndex: Int) throws -> PlaneScanout {
        var properties: [UInt32: DRMAtomicOutput.PlaneProperties] = [:]
        for plane in try device.planes() where plane.canFeed(crtcIndex: crtcIndex) && plane.kind != .cursor {
            let ids = Dictionary(try device.properties(of: plane.id, type: .plane).map { ($0.name, $0.id) }) { first, _ in first }
            properties[plane.id] = try DRMAtomicOutput.PlaneProperties(ids, object: "plane \(plane.id)", device: device.path)
        }
        return PlaneScanout(output: output, planeProperties: properties)
    }

    /// Chooses the path of one frame and returns the request that shows it: `plan`'s first layout
    /// the driver accepts, showing `feedFramebuffer` and `uiFramebuffer` (given a layout, the
    /// framebuffer ids it shows), else `composedFramebuffer` on the primary plane.
    mutating func request(
        plan: PlanePlan, device: DRMDevice, composedFramebuffer: UInt32,
        framebuffers: (PlaneLayout) -> (feed: UInt32, ui: UInt32), log: (String) -> Void
    ) -> DRMAtomicRequest {
        let chosen = choose(plan: plan, device: device, framebuffers: framebuffers, log: log)
        return request(for: chosen, composedFramebuffer: composedFramebuffer, framebuffers: framebuffers)
    }

    /// The path of the next frame: `plan`'s first layout the driver accepts (TEST_ONLY with
    /// `framebuffers`, once per layout), else composed and why. Logs a change from the path of the
    /// last frame chosen; a feed copied into a dumb buffer says why it is not zero-copy: a refused
    /// zero-copy layout, else `notZeroCopy`.
    mutating func choose(plan: PlanePlan, device: DRMDevice, framebuffers: (PlaneLayout) -> (feed: UInt32, ui: UInt32),
                         notZeroCopy: String? = nil, log: (String) -> Void) -> Path {
        var chosen: Path
        switch plan {
        case .compose(let reason):
            chosen = .composed(reason)
        case .planes(let layouts):
            chosen = .composed(.noPlanes("no layout"))
            for layout in layouts where refused[layout] == nil {
                if accepted.contains(layout) || test(layout, framebuffers: framebuffers(layout), device: device) {
                    chosen = .planes(layout)
                    break
                }
            }
            if case .composed = chosen, let refusal = layouts.compactMap({ refused[$0] }).last {
                chosen = .composed(.refused(refusal))
            }
        }
        if chosen != lastChosen {
            switch chosen {
            case .planes(let layout):
                var why = ""
                if case .planes(let layouts) = plan, layout.feedBuffer == .convertedDumbBuffer,
                   let reason = layouts.filter({ $0.feedBuffer == .captureBuffer }).compactMap({ refused[$0] }).first ?? notZeroCopy {
                    why = "; not zero-copy: \(reason)"
                }
                log("\(device.path): camera on its own plane: \(layout)\(why)")
            case .composed(let reason): log("\(device.path): camera composed on the CPU: \(reason)")
            }
        }
        lastChosen = chosen
        return chosen
    }

    /// The request that shows a frame on `chosen` (from `choose`), turning off the planes of the
    /// last frame's path that this one does not use; it becomes the last frame's path.
    mutating func request(for chosen: Path, composedFramebuffer: UInt32,
                          framebuffers: (PlaneLayout) -> (feed: UInt32, ui: UInt32)) -> DRMAtomicRequest {
        var request = makeRequest(for: chosen, composedFramebuffer: composedFramebuffer, framebuffers: framebuffers)
        if case .planes(let layout) = chosen {
            let shown = framebuffers(layout)
            if chosen == path, let last = lastFramebuffers {
                // The same layout again: only the buffers that changed (a camera frame alone is the feed's FB_ID).
                request = DRMAtomicRequest()
                if shown.feed != last.feed, let plane = properties(of: layout.feedPlaneID) {
                    request.set(layout.feedPlaneID, plane.framebufferID, UInt64(shown.feed))
                }
                // Both unchanged (nothing to show): the feed's again, as a flip event needs a write on the CRTC.
                if shown.ui != last.ui || request.properties.isEmpty, let plane = properties(of: layout.uiPlaneID) {
                    request.set(layout.uiPlaneID, plane.framebufferID, UInt64(shown.ui))
                }
            }
            lastFramebuffers = shown
        } else {
            lastFramebuffers = nil
        }
        path = chosen
        return request
    }

    /// Sets the planes in full at the next frame (after a mode set put the composed frame on the primary).
    mutating func forgetFramebuffers() {
        lastFramebuffers = nil
    }

    private mutating func test(_ layout: PlaneLayout, framebuffers: (feed: UInt32, ui: UInt32), device: DRMDevice) -> Bool {
        do {
            try device.commit(planesRequest(layout, framebuffers: framebuffers), flags: [.testOnly, .nonBlocking])
            accepted.insert(layout)
            return true
        } catch {
            refused[layout] = "\(layout): \(error)"
            return false
        }
    }

    private func makeRequest(for chosen: Path, composedFramebuffer: UInt32,
                             framebuffers: (PlaneLayout) -> (feed: UInt32, ui: UInt32)) -> DRMAtomicRequest {
        switch chosen {
        case .planes(let layout):
            return planesRequest(layout, framebuffers: framebuffers(layout))
        case .composed:
            var request = DRMAtomicRequest()
            // The last layout's planes go off in the same commit that brings the composed frame back.
            if case .planes(let last) = path {
                for id in [last.feedPlaneID, last.uiPlaneID] where id != output.primaryPlaneID {
                    if let plane = planeProperties[id] { Self.disable(id, plane, in: &request) }
                }
                request.merge(place(output.primaryPlaneID, framebuffer: composedFramebuffer,
                                    source: last.destination, destination: last.destination))
            }
            request.merge(output.flip(framebufferID: composedFramebuffer))
            return request
        }
    }

    /// Both planes of `layout` on, showing their framebuffers; the planes of a previous other layout off.
    private func planesRequest(_ layout: PlaneLayout, framebuffers: (feed: UInt32, ui: UInt32)) -> DRMAtomicRequest {
        var request = DRMAtomicRequest()
        if case .planes(let last) = path, last != layout {
            for id in [last.feedPlaneID, last.uiPlaneID] where ![layout.feedPlaneID, layout.uiPlaneID, output.primaryPlaneID].contains(id) {
                if let plane = planeProperties[id] { Self.disable(id, plane, in: &request) }
            }
        }
        request.merge(place(layout.feedPlaneID, framebuffer: framebuffers.feed, source: layout.feedSource, destination: layout.destination))
        request.merge(place(layout.uiPlaneID, framebuffer: framebuffers.ui, source: layout.destination, destination: layout.destination))
        return request
    }

    /// `planeID` on the CRTC showing `source` of `framebuffer` at `destination`.
    private func place(_ planeID: UInt32, framebuffer: UInt32, source: PixelRect, destination: PixelRect) -> DRMAtomicRequest {
        var request = DRMAtomicRequest()
        guard let plane = properties(of: planeID) else { return request }
        request.set(planeID, plane.crtcID, UInt64(output.crtcID))
        request.set(planeID, plane.framebufferID, UInt64(framebuffer))
        // SRC_* are 16.16 fixed point, CRTC_* whole pixels.
        request.set(planeID, plane.srcX, UInt64(source.x) << 16)
        request.set(planeID, plane.srcY, UInt64(source.y) << 16)
        request.set(planeID, plane.srcW, UInt64(source.width) << 16)
        request.set(planeID, plane.srcH, UInt64(source.height) << 16)
        request.set(planeID, plane.crtcX, UInt64(destination.x))
        request.set(planeID, plane.crtcY, UInt64(destination.y))
        request.set(planeID, plane.crtcW, UInt64(destination.width))
        request.set(planeID, plane.crtcH, UInt64(destination.height))
        return request
    }

    private func properties(of planeID: UInt32) -> DRMAtomicOutput.PlaneProperties? {
        planeID == output.primaryPlaneID ? output.plane : planeProperties[planeID]
    }

    private static func disable(_ planeID: UInt32, _ plane: DRMAtomicOutput.PlaneProperties, in request: inout DRMAtomicRequest) {
        request.set(planeID, plane.framebufferID, 0)
        request.set(planeID, plane.crtcID, 0)
    }
}
