import KioskEngine

/// Turns one device's evdev events into touches in scene pixels. Handles multitouch protocol B
/// (slots and tracking ids), protocol A (contacts separated by SYN_MT_REPORT, matched frame to frame
/// by tracking id or nearest position) and single-touch devices (ABS_X/ABS_Y with BTN_TOUCH).
///
/// A protocol-A frame holds at most `contactLimit` contacts; the rest of a frame's contacts are
/// dropped as they arrive, so a flooding panel costs linear time and fixed memory.
///
/// Touches are emitted when a frame completes (SYN_REPORT), stamped with that event's kernel time.
/// After SYN_DROPPED every event is ignored up to and including the next SYN_REPORT; the caller then
/// re-reads the device and passes that state to `reconcile(with:time:)`.
public struct TouchDecoder: Sendable {
    public let device: InputDeviceDescription
    public let surface: TouchSurface
    public let calibration: TouchCalibration
    public let touchProtocol: InputDeviceDescription.TouchProtocol
    /// The most contacts one protocol-A frame may hold: the device's slot count when it declares
    /// ABS_MT_SLOT (at most 64), else `defaultContactLimit`.
    public let contactLimit: Int

    /// Contacts per frame for a protocol-A device that declares no slot count: more fingers than a
    /// kiosk gesture uses, few enough that matching frame to frame stays cheap.
    public static let defaultContactLimit = 16
    /// Slots kept for a protocol-B device, whatever its ABS_MT_SLOT range claims.
    public static let maximumSlots = 64

    private let xRange: ClosedRange<Int32>
    private let yRange: ClosedRange<Int32>
    private var nextTouchID: Int
    private var dropping = false

    private var slots: [Slot]
    private var currentSlot: Int

    private var touching = false
    private var singleX: Int32 = 0
    private var singleY: Int32 = 0
    private var singleReported: Reported?

    private var pendingContact = Contact()
    private var frameContacts: [Contact] = []
    private var anonymousReported: [Reported] = []
    /// The largest protocol-A frame seen past `contactLimit`, until the warning about it is taken.
    private var overflowingFrame: Int?
    /// Contacts of the frame in progress dropped past `contactLimit`.
    private var droppedInFrame = 0
    private var warnedOfOverflow = false

    /// A touch as last reported, so the next frame knows what changed.
    private struct Reported: Sendable {
        var touchID: Int
        var trackingID: Int32
        var location: Point
    }

    private struct Slot: Sendable {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        /// The contact lifted during this frame, so a new tracking id in the same frame is a new touch.
        var liftedThisFrame = false
        var reported: Reported?
    }

    private struct Contact: Sendable {
        var trackingID: Int32 = -1
        var x: Int32?
        var y: Int32?
    }

    /// - Parameters:
    ///   - device: the device's description; its position axes give the raw ranges.
    ///   - surface: the picture touches land in: the scene's size and the display's rotation.
    ///   - calibration: how the digitizer lines up with the panel's native scan-out.
    ///   - firstTouchID: the first `TouchEvent.id` handed out; ids then count up, so several
    ///     decoders given distant starting points never share an id.
    /// - Throws: `TouchAxisError` when a position axis's range (after `calibration`'s overrides) is
    ///   empty or upside down, or the slot axis's is upside down: no touch could be placed.
    public init(device: InputDeviceDescription, surface: TouchSurface, calibration: TouchCalibration = .identity,
                firstTouchID: Int = 1) throws(TouchAxisError) {
        self.device = device
        self.surface = surface
        self.calibration = calibration
        self.touchProtocol = device.touchProtocol
        self.nextTouchID = firstTouchID
        let axes = device.positionAxes
        let names = touchProtocol == .singleTouch ? ("ABS_X", "ABS_Y") : ("ABS_MT_POSITION_X", "ABS_MT_POSITION_Y")
        xRange = try Self.range(override: calibration.xRange, axis: axes?.x, named: names.0, device: device)
        yRange = try Self.range(override: calibration.yRange, axis: axes?.y, named: names.1, device: device)
        if let slots = device.absoluteAxes[EvdevCode.ABS_MT_SLOT], slots.minimum > slots.maximum {
            throw TouchAxisError(device: device.name, axis: "ABS_MT_SLOT", minimum: slots.minimum, maximum: slots.maximum)
        }
        let slotCount = min(max(device.slotCount ?? 0, 0), Self.maximumSlots)
        slots = Array(repeating: Slot(), count: slotCount)
        contactLimit = slotCount > 0 ? slotCount : Self.defaultContactLimit
        currentSlot = Int(device.absoluteAxes[EvdevCode.ABS_MT_SLOT]?.value ?? 0)
    }

    /// Contacts held for the protocol-A frame in progress; never more than `contactLimit`.
    public var bufferedContactCount: Int { frameContacts.count }

    /// Once per decoder, after a protocol-A frame brought more than `contactLimit` contacts: a line
    /// naming the device, for the log. Nil before that, and after it was taken once.
    public mutating func takeContactLimitWarning() -> String? {
        guard let count = overflowingFrame, !warnedOfOverflow else { return nil }
        warnedOfOverflow = true
        overflowingFrame = nil
        return "touch device '\(device.name)' sent \(count) contacts in one frame, more than the \(contactLimit) it is read with; "
            + "contacts past \(contactLimit) are ignored (a panel firmware fault? check its connection and firmware)"
    }

    /// Whether events are being ignored after SYN_DROPPED.
    public var isDroppingEvents: Bool { dropping }

    /// Ids of the touches currently down.
    public var activeTouchIDs: [Int] {
        (slots.compactMap { $0.reported?.touchID } + anonymousReported.map(\.touchID)
            + (singleReported.map { [$0.touchID] } ?? [])).sorted()
    }

    /// Applies one event; returns the touches a completed frame produced (empty until SYN_REPORT).
    public mutating func feed(_ event: RawInputEvent) -> [TouchEvent] {
        if event.type == EvdevCode.EV_SYN && event.code == EvdevCode.SYN_DROPPED {
            dropping = true
            pendingContact = Contact()
            frameContacts = []
            droppedInFrame = 0
            return []
        }
        if dropping {
            if event.type == EvdevCode.EV_SYN && event.code == EvdevCode.SYN_REPORT { dropping = false }
            return []
        }
        switch event.type {
        case EvdevCode.EV_SYN where event.code == EvdevCode.SYN_REPORT:
            return completeFrame(time: event.time)
        case EvdevCode.EV_SYN where event.code == EvdevCode.SYN_MT_REPORT:
            if pendingContact.x != nil && pendingContact.y != nil { keepContact(pendingContact) }
            pendingContact = Contact()
        case EvdevCode.EV_KEY where event.code == EvdevCode.BTN_TOUCH:
            touching = event.value != 0
        case EvdevCode.EV_ABS:
            applyAxis(code: event.code, value: event.value)
        default:
            break
        }
        return []
    }

    /// Adds a protocol-A contact to the frame in progress, or counts it as dropped past the limit.
    private mutating func keepContact(_ contact: Contact) {
        guard frameContacts.count < contactLimit else {
            droppedInFrame += 1
            return
        }
        frameContacts.append(contact)
    }

    /// Ends every live touch as `.cancelled` at its last position: the device vanished.
    public mutating func cancelAll(time: Double) -> [TouchEvent] {
        var cancelled: [TouchEvent] = []
        for index in slots.indices {
            if let reported = slots[index].reported { cancelled.append(cancel(reported, time: time)) }
            slots[index] = Slot()
        }
        cancelled += anonymousReported.map { cancel($0, time: time) }
        anonymousReported = []
        frameContacts = []
        droppedInFrame = 0
        pendingContact = Contact()
        if let reported = singleReported { cancelled.append(cancel(reported, time: time)) }
        singleReported = nil
        touching = false
        dropping = false
        return cancelled
    }

    /// Takes the positions a device holds as it is opened, starting no touch. The kernel sends a
    /// value only when it changes, so without them a first touch at the last one's x or y (a
    /// daemon restarted, a tap where the last finger lifted) would land at 0 on that axis.
    public mutating func seedPositions(from state: TouchDeviceState) {
        for index in slots.indices where index < state.slots.count {
            slots[index].x = state.slots[index].x
            slots[index].y = state.slots[index].y
        }
        singleX = state.x
        singleY = state.y
    }

    /// Brings the decoder in line with the device's real state after SYN_DROPPED: touches that ended
    /// (or were replaced) during the gap are cancelled, new ones begin, surviving ones move.
    public mutating func reconcile(with state: TouchDeviceState, time: Double) -> [TouchEvent] {
        dropping = false
        var events: [TouchEvent] = []
        switch touchProtocol {
        case .multitouchSlots:
            for index in slots.indices {
                let live = index < state.slots.count ? state.slots[index] : TouchDeviceState.Slot(trackingID: -1, x: 0, y: 0)
                slots[index].trackingID = live.trackingID
                slots[index].x = live.x
                slots[index].y = live.y
                slots[index].liftedThisFrame = false
                if let reported = slots[index].reported, reported.trackingID != live.trackingID {
                    events.append(cancel(reported, time: time))
                    slots[index].reported = nil
                }
                events += reportSlot(index, time: time)
            }
            currentSlot = state.currentSlot
        case .multitouchAnonymous:
            // Protocol A repeats every contact each frame, so the next frame restores the truth;
            // only a device that is no longer touched needs its touches ended now.
            pendingContact = Contact()
            frameContacts = []
            droppedInFrame = 0
            if !state.touching {
                events = anonymousReported.map { cancel($0, time: time) }
                anonymousReported = []
            }
        case .singleTouch:
            touching = state.touching
            singleX = state.x
            singleY = state.y
            if !touching, let reported = singleReported {
                events.append(cancel(reported, time: time))
                singleReported = nil
            }
            events += reportSingle(time: time)
        }
        return events
    }

    private mutating func applyAxis(code: UInt16, value: Int32) {
        switch (touchProtocol, code) {
        case (.multitouchSlots, EvdevCode.ABS_MT_SLOT):
            currentSlot = Int(value)
        case (.multitouchSlots, EvdevCode.ABS_MT_TRACKING_ID):
            guard slots.indices.contains(currentSlot) else { return }
            if value < 0 { slots[currentSlot].liftedThisFrame = true }
            slots[currentSlot].trackingID = value
        case (.multitouchSlots, EvdevCode.ABS_MT_POSITION_X):
            if slots.indices.contains(currentSlot) { slots[currentSlot].x = value }
        case (.multitouchSlots, EvdevCode.ABS_MT_POSITION_Y):
            if slots.indices.contains(currentSlot) { slots[currentSlot].y = value }
        case (.multitouchAnonymous, EvdevCode.ABS_MT_TRACKING_ID):
            pendingContact.trackingID = value
        case (.multitouchAnonymous, EvdevCode.ABS_MT_POSITION_X):
            pendingContact.x = value
        case (.multitouchAnonymous, EvdevCode.ABS_MT_POSITION_Y):
            pendingContact.y = value
        case (.singleTouch, EvdevCode.ABS_X):
            singleX = value
        case (.singleTouch, EvdevCode.ABS_Y):
            singleY = value
        default:
            break
        }
    }

    private mutating func completeFrame(time: Double) -> [TouchEvent] {
        switch touchProtocol {
        case .multitouchSlots:
            var events: [TouchEvent] = []
            for index in slots.indices {
                let slot = slots[index]
                if let reported = slot.reported,
                   slot.trackingID < 0 || slot.trackingID != reported.trackingID || slot.liftedThisFrame {
                    let location = slot.trackingID < 0 ? map(x: slot.x, y: slot.y) : reported.location
                    events.append(TouchEvent(id: reported.touchID, phase: .ended, location: location, time: time))
                    slots[index].reported = nil
                }
                slots[index].liftedThisFrame = false
                events += reportSlot(index, time: time)
            }
            return events
        case .multitouchAnonymous:
            let contacts = frameContacts
            if droppedInFrame > 0 && !warnedOfOverflow {
                overflowingFrame = max(overflowingFrame ?? 0, contacts.count + droppedInFrame)
            }
            droppedInFrame = 0
            frameContacts = []
            pendingContact = Contact()
            return matchAnonymous(contacts, time: time)
        case .singleTouch:
            var events: [TouchEvent] = []
            if !touching, let reported = singleReported {
                events.append(TouchEvent(id: reported.touchID, phase: .ended, location: map(x: singleX, y: singleY), time: time))
                singleReported = nil
            }
            return events + reportSingle(time: time)
        }
    }

    /// Reports a live slot as began or moved against what was last reported for it.
    private mutating func reportSlot(_ index: Int, time: Double) -> [TouchEvent] {
        let slot = slots[index]
        guard slot.trackingID >= 0 else { return [] }
        let location = map(x: slot.x, y: slot.y)
        if var reported = slot.reported {
            guard reported.location != location else { return [] }
            reported.location = location
            slots[index].reported = reported
            return [TouchEvent(id: reported.touchID, phase: .moved, location: location, time: time)]
        }
        let touchID = takeTouchID()
        slots[index].reported = Reported(touchID: touchID, trackingID: slot.trackingID, location: location)
        return [TouchEvent(id: touchID, phase: .began, location: location, time: time)]
    }

    private mutating func reportSingle(time: Double) -> [TouchEvent] {
        guard touching else { return [] }
        let location = map(x: singleX, y: singleY)
        if var reported = singleReported {
            guard reported.location != location else { return [] }
            reported.location = location
            singleReported = reported
            return [TouchEvent(id: reported.touchID, phase: .moved, location: location, time: time)]
        }
        let touchID = takeTouchID()
        singleReported = Reported(touchID: touchID, trackingID: 0, location: location)
        return [TouchEvent(id: touchID, phase: .began, location: location, time: time)]
    }

    /// Pairs this frame's anonymous contacts with last frame's touches: same tracking id first,
    /// then nearest position; the unpaired end or begin.
    private mutating func matchAnonymous(_ contacts: [Contact], time: Double) -> [TouchEvent] {
        let locations = contacts.map { map(x: $0.x ?? 0, y: $0.y ?? 0) }
        var contactFor: [Int?] = Array(repeating: nil, count: anonymousReported.count)
        var taken = Array(repeating: false, count: contacts.count)
        for (touchIndex, touch) in anonymousReported.enumerated() where touch.trackingID >= 0 {
            if let match = contacts.indices.first(where: { !taken[$0] && contacts[$0].trackingID == touch.trackingID }) {
                contactFor[touchIndex] = match
                taken[match] = true
            }
        }
        var pairs: [(touch: Int, contact: Int, distance: Double)] = []
        for (touchIndex, touch) in anonymousReported.enumerated() where contactFor[touchIndex] == nil {
            for contactIndex in contacts.indices where !taken[contactIndex] {
                let delta = locations[contactIndex] - touch.location
                pairs.append((touchIndex, contactIndex, delta.x * delta.x + delta.y * delta.y))
            }
        }
        for pair in pairs.sorted(by: { $0.distance < $1.distance })
        where contactFor[pair.touch] == nil && !taken[pair.contact] {
            contactFor[pair.touch] = pair.contact
            taken[pair.contact] = true
        }

        var events: [TouchEvent] = []
        var survivors: [Reported] = []
        for (touchIndex, var touch) in anonymousReported.enumerated() {
            guard let contactIndex = contactFor[touchIndex] else {
                events.append(TouchEvent(id: touch.touchID, phase: .ended, location: touch.location, time: time))
                continue
            }
            if locations[contactIndex] != touch.location {
                touch.location = locations[contactIndex]
                events.append(TouchEvent(id: touch.touchID, phase: .moved, location: touch.location, time: time))
            }
            touch.trackingID = contacts[contactIndex].trackingID
            survivors.append(touch)
        }
        for contactIndex in contacts.indices where !taken[contactIndex] {
            let touch = Reported(touchID: takeTouchID(), trackingID: contacts[contactIndex].trackingID,
                                 location: locations[contactIndex])
            events.append(TouchEvent(id: touch.touchID, phase: .began, location: touch.location, time: time))
            survivors.append(touch)
        }
        anonymousReported = survivors
        return events
    }

    private func cancel(_ reported: Reported, time: Double) -> TouchEvent {
        TouchEvent(id: reported.touchID, phase: .cancelled, location: reported.location, time: time)
    }

    private mutating func takeTouchID() -> Int {
        defer { nextTouchID += 1 }
        return nextTouchID
    }

    /// The range a position axis is normalised by: the config's override, else the device's own,
    /// refused when no touch could be placed on it.
    private static func range(override: ClosedRange<Int32>?, axis: AbsoluteAxis?, named name: String,
                              device: InputDeviceDescription) throws(TouchAxisError) -> ClosedRange<Int32> {
        if let override { return override }
        guard let axis else { return 0...1 }
        guard axis.minimum < axis.maximum else {
            throw TouchAxisError(device: device.name, axis: name, minimum: axis.minimum, maximum: axis.maximum)
        }
        return axis.minimum...axis.maximum
    }

    /// Raw axis values to scene pixels: normalise by the axis ranges, calibrate onto the panel's
    /// native scan-out, then undo the display's rotation.
    private func map(x: Int32, y: Int32) -> Point {
        let normalised = Point(x: normalise(x, in: xRange), y: normalise(y, in: yRange))
        return surface.scenePoint(panel: calibration.apply(toNormalised: normalised))
    }

    private func normalise(_ value: Int32, in range: ClosedRange<Int32>) -> Double {
        let span = Double(range.upperBound) - Double(range.lowerBound)
        guard span > 0 else { return 0 }
        return (Double(value) - Double(range.lowerBound)) / span
    }
}
