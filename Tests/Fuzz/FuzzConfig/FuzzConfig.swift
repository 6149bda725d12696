// The config loader on arbitrary text: a configuration or diagnostics, never a trap.
import KioskConfig

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if case .failure(let error) = ConfigurationLoader.parse(text, fileName: "fuzz.toml") {
        _ = error.description
    }
    return 0
}
