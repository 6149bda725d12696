import CPNG

extension png_image {
    /// libpng's own words for why a simplified-API call stopped.
    var messageText: String {
        withUnsafeBytes(of: message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
