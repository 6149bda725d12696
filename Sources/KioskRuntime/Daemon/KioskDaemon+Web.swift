import KioskEngine

extension KioskDaemon {
    /// The web pages hear the scene's touches, values and transitions, and ask for frames.
    func wireWebPages() {
        webPages.value = { [unowned self] name in valueSources.store.value(name) }
        webPages.onFrame = { [unowned self] in pacer.requestFrame() }
        input.onSceneTouch = { [unowned self] touch in webPages.handle(touch) }
        webPages.update(for: sceneHost.scene)
    }
}
