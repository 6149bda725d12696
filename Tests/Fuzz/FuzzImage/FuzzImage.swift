// The picture decoders on arbitrary bytes, whole and reduced to a frame: a picture or an error.
import KioskCompositor
import KioskEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ImageDecoder.decode(bytes, source: "fuzz")
    _ = try? ImageDecoder.decode(bytes, source: "fuzz", fitting: Size(width: 40, height: 30))
    return 0
}
