/// The identity of each picture file the compositor has drawn, looked up once per path and again
/// only when asked (`refresh`, at a reload): a frame never touches the file system for it.
final class PictureIdentities {
    /// nil: the path had no file when it was looked at.
    private var known: [String: FileIdentity?] = [:]
    /// Looks a path up in the file system; tests count or fake it.
    private let lookUp: (String) -> FileIdentity?

    init(lookUp: @escaping (String) -> FileIdentity? = FileIdentity.of(path:)) {
        self.lookUp = lookUp
    }

    /// The identity `path` had when it was first drawn or last refreshed.
    func identity(of path: String) -> FileIdentity? {
        if let identity = known[path] { return identity }
        let identity = lookUp(path)
        known[path] = identity
        return identity
    }

    /// Looks every known path up again; returns those whose file changed (appeared, went, or was
    /// replaced), sorted.
    func refresh() -> [String] {
        var changed: [String] = []
        for (path, old) in known {
            let new = lookUp(path)
            if new != old {
                known[path] = new
                changed.append(path)
            }
        }
        return changed.sorted()
    }
}
