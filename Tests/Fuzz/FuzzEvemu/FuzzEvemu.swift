// The evemu reader on arbitrary text: it must return a recording or a parse error, never trap.
import KioskTouch

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? EvemuParser.parse(text, file: "fuzz.evemu")
    return 0
}
