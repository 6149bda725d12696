/// The location of a value in the TOML tree: table keys and array indices from the root.
struct ConfigPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component]

    init(_ components: [Component] = []) {
        self.components = components
    }

    static let root = ConfigPath()

    func appending(_ key: String) -> ConfigPath {
        ConfigPath(components + [.key(key)])
    }

    func appending(index: Int) -> ConfigPath {
        ConfigPath(components + [.index(index)])
    }

    var parent: ConfigPath? {
        components.isEmpty ? nil : ConfigPath(Array(components.dropLast()))
    }

    /// Dotted keys without indices (`screen.element.color`): the line number already tells which element.
    var description: String {
        components.compactMap { component -> String? in
            if case .key(let key) = component { return key }
            return nil
        }.joined(separator: ".")
    }
}
