// The evemu reader on arbitrary text, then what `run --replay` and `simulate` do with a recording
// that parsed: its events timed from the first and decoded into touches. It must return a recording
// or a parse error and decode in bounded memory (at most `contactLimit` contacts held), never trap.
import KioskEngine
import KioskTouch

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let recording = try? EvemuParser.parse(text, file: "fuzz.evemu"),
          let description = recording.description,
          var decoder = try? TouchDecoder(device: description,
                                          surface: TouchSurface(sceneSize: Size(width: 1280, height: 800), displayRotation: .none))
    else { return 0 }
    var previous = 0.0
    for event in recording.replayEvents {
        precondition(event.time.isFinite && event.time >= previous && event.time <= EvemuParser.maximumTimeSpan,
                     "replay time \(event.time) after \(previous) is out of bounds")
        previous = event.time
        _ = decoder.feed(event)
        precondition(decoder.bufferedContactCount <= decoder.contactLimit, "a frame holds more contacts than its limit")
        _ = decoder.takeContactLimitWarning()
    }
    _ = decoder.cancelAll(time: previous)
    return 0
}
