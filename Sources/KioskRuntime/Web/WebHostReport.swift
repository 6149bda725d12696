/// `list-devices`' line about the web host: where the program web elements need is, or that it is missing.
public enum WebHostReport {
    /// "Web host: /usr/bin/swipe-kiosk-web (started by the daemon when a screen holds a web element)".
    public static func report(environment: [String: String]? = nil) -> String {
        let found = environment.map { WebHostProcess.programPath(environment: $0) } ?? WebHostProcess.programPath()
        guard let path = found else {
            return "Web host: not installed (swipe-kiosk-web beside swipe-kiosk, or $SWIPE_KIOSK_WEB_HOST); web elements show their background"
        }
        return "Web host: \(path) (started by the daemon when a screen holds a web element)"
    }
}
