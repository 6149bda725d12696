import KioskConfig
import KioskEngine

/// The `[tabs]` bar: one button per tab, each starting a non-interactive transition.
final class TabBarView {
    let view: View
    private var labels: [(screenIndex: Int, view: View, title: TextTemplate)] = []
    private let configuration: TabBarConfiguration
    private let values: ValueStore

    init(configuration: TabBarConfiguration, tabs: [(title: String, screenIndex: Int)], size: Size, values: ValueStore,
         select: @escaping (Int) -> Void) {
        self.configuration = configuration
        self.values = values
        let height = Double(configuration.height)
        let y = configuration.position == .bottom ? size.height - height : 0
        view = View(name: "tab-bar", frame: Rect(x: 0, y: y, width: size.width, height: height))
        view.backgroundColor = configuration.background
        let width = size.width / Double(max(tabs.count, 1))
        for (position, tab) in tabs.enumerated() {
            let label = View(name: "tab-\(tab.title)", frame: Rect(x: Double(position) * width, y: 0, width: width, height: height))
            label.onTap = { select(tab.screenIndex) }
            view.addSubview(label)
            labels.append((tab.screenIndex, label, (try? TextTemplate(parsing: tab.title)) ?? TextTemplate(literal: tab.title)))
        }
    }

    /// The screens the tabs go to.
    var screenIndices: [Int] { labels.map(\.screenIndex) }

    func highlight(screenIndex: Int) {
        for label in labels {
            let selected = label.screenIndex == screenIndex
            let configuration = configuration
            values.bind(label.view, template: label.title) { title in
                .text(TextContent(title, fontSize: configuration.fontSize,
                                  color: selected ? configuration.selectedColor : configuration.textColor,
                                  alignment: .center, bold: selected))
            }
        }
    }
}
