import KioskConfig
import KioskEngine

/// The `[tabs]` bar: one button per tab, each starting a non-interactive transition.
final class TabBarView {
    let view: View
    private var labels: [(screenIndex: Int, view: View, title: String)] = []
    private let configuration: TabBarConfiguration

    init(configuration: TabBarConfiguration, tabs: [(title: String, screenIndex: Int)], size: Size,
         select: @escaping (Int) -> Void) {
        self.configuration = configuration
        let height = Double(configuration.height)
        let y = configuration.position == .bottom ? size.height - height : 0
        view = View(name: "tab-bar", frame: Rect(x: 0, y: y, width: size.width, height: height))
        view.backgroundColor = configuration.background
        let width = size.width / Double(max(tabs.count, 1))
        for (position, tab) in tabs.enumerated() {
            let label = View(name: "tab-\(tab.title)", frame: Rect(x: Double(position) * width, y: 0, width: width, height: height))
            label.onTap = { select(tab.screenIndex) }
            view.addSubview(label)
            labels.append((tab.screenIndex, label, tab.title))
        }
    }

    func highlight(screenIndex: Int) {
        for label in labels {
            let selected = label.screenIndex == screenIndex
            label.view.content = .text(TextContent(
                label.title, fontSize: configuration.fontSize,
                color: selected ? configuration.selectedColor : configuration.textColor,
                alignment: .center, bold: selected))
        }
    }
}
