#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A small transparent UIKit view that the SwiftUI modifiers place behind a SwiftUI view, so that the
/// scanner can measure a view SwiftUI draws without `UIView`s.
///
/// SwiftUI's `.background` gives it the modified view's frame, so the scan measures it like any view:
/// clipping by the scroll views lists are built on, the hosting view's transforms and alpha, windows in
/// front. It is an entity like any other view: its element is an ordinary element component, and what it
/// declares besides (the screen it stands for, the screen its element belongs to, being a cover) is a
/// ``TrackingAnchor`` component, all in the tracking store, weakly keyed, so an anchor SwiftUI throws away
/// takes its components with it.
///
/// It never takes part in what the person sees or does: not opaque, a clear background, no touches
/// (hit-testing skips it, so the views under it get them), no accessibility element, nothing inside it
/// for assistive technologies.
///
/// `package` rather than `internal` only so that the scan benchmark can place anchors; apps get anchors from
/// the SwiftUI modifiers.
@MainActor
package final class TrackingAnchorView: UIView {
    // MARK: - Internal

    /// Where its components go.
    let store: TrackingComponentStore

    /// - Parameter store: Where its components go (the shared store behind the UIKit properties).
    package init(store: TrackingComponentStore = .shared) {
        self.store = store
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = .clear
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        accessibilityElementsHidden = true
    }

    package required init?(coder: NSCoder) {
        nil
    }

    /// The element it carries: a changed component (another identifier, say) is a new entity for the
    /// recorder, the same component a continuing one.
    package var element: TrackingElement? {
        get { store.element(for: self) }
        set {
            guard newValue != element else { return }
            store.setElement(newValue, for: self)
        }
    }

    /// The screen it stands for: measured by the screen rule, like a tracked controller's root view.
    package var screen: TrackingScreen? {
        get { anchor.screen }
        set { anchor.screen = newValue }
    }

    /// The screen its element belongs to, from SwiftUI's environment; `nil` leaves the element to the
    /// nearest tracked controller up the view tree.
    package var environmentScreen: TrackingScreen? {
        get { anchor.environmentScreen }
        set { anchor.environmentScreen = newValue }
    }

    /// Whether its rectangle counts as an opaque cover of what is painted before it and of the windows
    /// behind, though it is itself transparent.
    package var isOccluder: Bool {
        get { anchor.isOccluder }
        set { anchor.isOccluder = newValue }
    }

    /// Gives the anchor the components its modifier's role and SwiftUI's environment ask for, replacing
    /// what it carried: what `updateUIView(_:context:)` calls each time SwiftUI updates the view.
    /// - Parameters:
    ///   - role: What the modifier that placed the anchor asks for.
    ///   - environmentScreen: The screen the environment gives the anchor (an enclosing
    ///     `View.trackingScreen(_:)`); it matters for an element only.
    func apply(_ role: TrackingAnchorRole, environmentScreen: TrackingScreen?) {
        var declared = TrackingAnchor()
        switch role {
        case let .element(element):
            self.element = element
            declared.environmentScreen = element == nil ? nil : environmentScreen
        case let .screen(screen):
            self.element = nil
            declared.screen = screen
        case .occluder:
            self.element = nil
            declared.isOccluder = true
        }
        anchor = declared
    }

    /// Removes every component it carries (SwiftUI dismantled it; the store would drop them with the view).
    func removeComponents() {
        store.setElement(nil, for: self)
        store.setAnchor(nil, for: self)
    }

    // MARK: - Private

    private var anchor: TrackingAnchor {
        get { store.anchor(for: self) ?? TrackingAnchor() }
        set {
            guard newValue != anchor else { return }
            store.setAnchor(newValue, for: self)
        }
    }
}
