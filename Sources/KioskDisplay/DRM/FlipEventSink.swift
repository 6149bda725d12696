/// Collects flip events from libdrm's C callback, which reaches it through the flip's user data.
final class FlipEventSink {
    var events: [DRMFlipEvent] = []
}
