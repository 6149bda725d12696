import KioskConfig
import KioskEngine

/// How an on-screen button answers a finger: darker while pressed, and a press only when the
/// finger stayed for `confirm-ms` and lifted within the slop (a swipe across it presses nothing).
struct ButtonBehaviour {
    let button: ButtonElement

    /// The colour the button shows while a finger is on it.
    var pressedColor: Color {
        let color = button.color
        return Color(red: color.red * 0.7, green: color.green * 0.7, blue: color.blue * 0.7, alpha: color.alpha)
    }

    /// Makes `view` pressable; `pressed` runs for each press that counts.
    func attach(to view: View, pressed: @escaping () -> Void) {
        let normal = button.color, dark = pressedColor, confirm = button.confirmSeconds
        view.onPressChanged = { [unowned view] down in view.backgroundColor = down ? dark : normal }
        view.onPress = { seconds in
            // Brushes shorter than the guard do nothing.
            if seconds >= confirm { pressed() }
        }
    }
}
