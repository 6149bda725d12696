/// A TOML date, time or date-time, kept as written (with `T` and `Z` in capitals): no setting uses
/// one, but a wrong type is named and the conformance suite compares them.
struct TOMLDateTime: Hashable, Sendable {
    enum Kind: Sendable {
        /// `1979-05-27T07:32:00Z`, with an offset.
        case offsetDateTime
        /// `1979-05-27T07:32:00`.
        case localDateTime
        /// `1979-05-27`.
        case localDate
        /// `07:32:00`.
        case localTime
    }

    var kind: Kind
    var text: String
}
