/// One DRM card shared by the displays of its outputs: one descriptor, one DRM master, and flip
/// events handed to the display whose CRTC flipped.
///
/// The kernel queues every flip event of a card on its one descriptor, so only one display reads
/// it (the first open one lists it in `pollDescriptors`) and the card hands each event to the
/// display of its CRTC (`page_flip_handler2` says which). Each output is then paced by its own
/// vblank, and a display never sees another's flips. Connectors and CRTCs one display uses are
/// not chosen by another.
final class DRMCard {
    let device: DRMDevice
    /// The displays on this card, first opened first; weak, as the daemon owns them.
    private var members: [WeakDisplay] = []

    private struct WeakDisplay {
        weak var display: DRMDisplay?
    }

    init(device: DRMDevice) {
        self.device = device
    }

    func join(_ display: DRMDisplay) {
        members.removeAll { $0.display == nil }
        members.append(WeakDisplay(display: display))
    }

    func leave(_ display: DRMDisplay) {
        members.removeAll { $0.display == nil || $0.display === display }
    }

    /// The display that watches the descriptor: the first still open.
    var reader: DRMDisplay? { members.lazy.compactMap(\.display).first }

    /// Connectors and CRTCs the other displays of the card hold.
    func claims(besides display: DRMDisplay?) -> DRMOutput.Claims {
        var claims = DRMOutput.Claims()
        for case let other? in members.map(\.display) where other !== display {
            guard let output = other.currentOutput else { continue }
            claims.connectorIDs.insert(output.connector.id)
            claims.crtcIDs.insert(output.crtcID)
        }
        return claims
    }

    /// Reads the events waiting on the descriptor and gives each display those of its CRTC.
    func dispatchFlipEvents() throws {
        try dispatch(try device.readFlipEvents())
    }

    /// Blocks for the flip on `crtcID` (a display closing, before its buffers go); the other
    /// displays' events read meanwhile go to them.
    func waitForFlip(onCrtc crtcID: UInt32) {
        for _ in 0..<3 {
            guard let events = try? device.waitForFlipEvents(), !events.isEmpty else { return }
            let others = events.filter { $0.crtcID != 0 && $0.crtcID != crtcID }
            try? dispatch(others)
            if others.count < events.count { return }
        }
    }

    /// Events of a CRTC no display drives are dropped (a flip abandoned by a display that moved on);
    /// those without a CRTC (an old kernel) go to the reader, as with one output.
    private func dispatch(_ events: [DRMFlipEvent]) throws {
        guard !events.isEmpty else { return }
        let displays = members.compactMap(\.display)
        // One display failing (its flip refused) must not keep the others' events from them.
        var failure: (any Error)?
        for display in displays {
            let crtc = display.currentOutput?.crtcID
            let own = events.filter { $0.crtcID == 0 ? display === displays.first : $0.crtcID == crtc }
            guard !own.isEmpty else { continue }
            do { try display.receiveFlipEvents(own) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }
}
