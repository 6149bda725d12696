/// Hears the container's transitions: exactly one begin and one end per transition, also when a
/// finger catches it mid-flight. Indices are screen indices.
public protocol ContainerControllerDelegate: AnyObject {
    func transitionDidBegin(from: Int, to: Int, interactive: Bool)
    func transitionDidEnd(from: Int, to: Int, completed: Bool)
}
