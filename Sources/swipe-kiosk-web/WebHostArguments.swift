/// The web host's command line: `--socket-fd N` (or `--socket-fd=N`), nothing else.
enum WebHostArguments {
    struct Failure: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) -> Result<Int32, Failure> {
        var value: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--socket-fd", index + 1 < arguments.count {
                value = arguments[index + 1]
                index += 2
            } else if argument.hasPrefix("--socket-fd=") {
                value = String(argument.dropFirst("--socket-fd=".count))
                index += 1
            } else {
                return .failure(Failure(message: "unknown argument '\(argument)'"))
            }
        }
        guard let text = value else { return .failure(Failure(message: "--socket-fd N is required")) }
        guard let fd = Int32(text), fd >= 0 else { return .failure(Failure(message: "--socket-fd '\(text)' is not a file descriptor number")) }
        return .success(fd)
    }
}
