/// Something that happened in a window's screen hierarchy, reported to the
/// window's observers in the order it happened.
///
/// Screens are named by their ``ViewController/screenID`` so that an observer
/// never keeps a screen alive.
public enum NavigationEvent: Equatable, Sendable, CustomStringConvertible {
    /// A screen was pushed onto a navigation stack.
    case push(String)
    /// Screens were popped off a navigation stack, top first.
    case pop([String])
    /// A navigation stack was replaced; the new stack, root first.
    case setStack([String])
    /// A screen was presented with a style.
    case present(String, PresentationStyle)
    /// Presented screens were dismissed, top first.
    case dismiss([String])
    /// A container or a tab bar made one of its children the visible one.
    case select(String)
    /// The window got a new root screen.
    case setRoot(String)
    /// The user made a gesture, or began an interactive one (sent before what
    /// it causes).
    case gesture(UserGesture)
    /// The user released an interactive gesture short of finishing it; the
    /// screens return to where they were.
    case gestureCancelled(UserGesture)
    /// The person tapped the tab with this id (sent before what it causes).
    case tabTap(String)
    /// A screen got a lifecycle callback.
    case lifecycle(String, LifecycleEvent)
    /// The split view with this id collapsed to one stack (its window became
    /// compact).
    case collapse(String)
    /// The split view with this id expanded to two columns (its window became
    /// regular).
    case expand(String)

    /// The event as a short line, for example `push signup.email` or `viewDidAppear login`.
    public var description: String {
        switch self {
        case .push(let id): "push \(id)"
        case .pop(let ids): "pop \(ids.joined(separator: ","))"
        case .setStack(let ids): "setStack \(ids.joined(separator: ","))"
        case .present(let id, let style): "present \(id) \(style.rawValue)"
        case .dismiss(let ids): "dismiss \(ids.joined(separator: ","))"
        case .select(let id): "select \(id)"
        case .setRoot(let id): "setRoot \(id)"
        case .gesture(let gesture): "gesture \(gesture.rawValue)"
        case .gestureCancelled(let gesture): "gestureCancelled \(gesture.rawValue)"
        case .tabTap(let id): "tabTap \(id)"
        case .lifecycle(let id, let event): "\(event.rawValue) \(id)"
        case .collapse(let id): "collapse \(id)"
        case .expand(let id): "expand \(id)"
        }
    }
}
