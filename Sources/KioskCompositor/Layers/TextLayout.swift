/// A string broken into lines that fit a width: at explicit newlines, then at spaces; a word wider
/// than the whole width is broken between characters so that nothing is drawn outside the view.
struct TextLayout: Equatable {
    /// The lines in reading order, at most `maxLines` of them; the rest of the text is cut off.
    let lines: [String]

    /// - Parameter measure: the drawn width of a string, as the renderer measures it.
    init(_ string: String, maxWidth: Double, maxLines: Int, measure: (String) -> Double) {
        var lines: [String] = []
        let limit = max(maxLines, 1)
        paragraphs: for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if measure(candidate) <= maxWidth {
                    line = candidate
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    if lines.count == limit { break paragraphs }
                }
                line = ""
                for piece in Self.pieces(of: String(word), maxWidth: maxWidth, measure: measure) {
                    if !line.isEmpty {
                        lines.append(line)
                        if lines.count == limit { break paragraphs }
                    }
                    line = piece
                }
            }
            lines.append(line)
            if lines.count == limit { break }
        }
        self.lines = lines
    }

    /// `word` cut between characters into pieces that fit `maxWidth` (one character at least each).
    private static func pieces(of word: String, maxWidth: Double, measure: (String) -> Double) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in word {
            let candidate = piece + String(character)
            if piece.isEmpty || measure(candidate) <= maxWidth {
                piece = candidate
            } else {
                pieces.append(piece)
                piece = String(character)
            }
        }
        pieces.append(piece)
        return pieces
    }
}
