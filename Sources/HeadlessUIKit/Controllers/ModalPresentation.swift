import Foundation

/// Presents and dismisses controllers modally, with UIKit's appearance rules: styles that cover
/// (`.fullScreen`, `.currentContext`) make the presenter disappear and take its view out of the window;
/// the others leave it in place, under the presented view, with no callbacks.
///
/// Order on present (like a push): presenter `viewWillDisappear`, presented `viewWillAppear`, presented
/// layout, presenter `viewDidDisappear`, presented `viewDidAppear`. On dismissal (like a pop): presented
/// `viewWillDisappear`, presenter `viewWillAppear`, presented `viewDidDisappear`, presenter `viewDidAppear`.
@MainActor
enum ModalPresentation {
    /// How far below the top of the window a sheet starts (a 6.1-inch iPhone's status bar and gap).
    static let sheetTopInset: CGFloat = 56

    static func present(_ presented: UIViewController, from source: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let style = resolvedStyle(presented.modalPresentationStyle)
        let presenter = anchor(for: source, style: style)
        if let existing = presenter.storedPresented {
            HeadlessDiagnostics.report("Attempt to present \(presented) on \(presenter) which is already presenting \(existing); ignored.")
            return
        }
        guard presented.storedPresenting == nil, presented.parent == nil, presented !== presenter else {
            HeadlessDiagnostics.report("Application tried to present modally \(presented), which is already presented or has a parent; ignored (UIKit raises).")
            return
        }
        guard let presenterView = presenter.viewIfLoaded, let window = presenterView.window else {
            HeadlessDiagnostics.report("Attempt to present \(presented) on \(presenter) whose view is not in the window hierarchy; ignored.")
            return
        }
        let covers = style == .fullScreen || style == .currentContext
        let contextSuperview = isContextStyle(style) ? presenterView.superview : nil
        // As in UIKit, the presented controller's viewDidLoad comes before any appearance callback.
        presented.loadViewIfNeeded()
        let coordinator = animated
            ? TransitionCoordinator(
                from: presenter, to: presented, container: contextSuperview ?? window, presentationStyle: style,
                movesFromView: covers
            )
            : nil
        coordinator?.attach(to: [presenter, presented])
        presenter.storedPresented = presented
        presented.storedPresenting = presenter
        presented.presentationStyle = style
        presented.beingPresented = true
        if covers { presenter.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        let view: UIView = presented.view
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // The presented view goes straight to its final frame: the model layer's end state (UIKIT-SEMANTICS 37).
        if let contextSuperview {
            view.frame = presenterView.frame
            contextSuperview.insertSubview(view, aboveSubview: presenterView)
        } else {
            view.frame = frame(for: style, in: window.bounds)
            window.addSubview(view)
        }
        view.layoutIfNeeded()
        TransitionAnimator.shared.run(animated: animated) {
            let coveredSuperview = covers ? presenterView.superview : nil
            if let coveredSuperview {
                presenter.coveredViewPlacement = CoveredViewPlacement(
                    superview: coveredSuperview, index: coveredSuperview.subviews.firstIndex(of: presenterView) ?? 0
                )
                presenterView.removeFromSuperview()
            }
            coordinator?.end()
            if coveredSuperview != nil {
                presenter.endAppearanceTransition()
            }
            presented.endAppearanceTransition()
            presented.beingPresented = false
            completion?()
        }
    }

    static func dismiss(from source: UIViewController, animated: Bool, completion: (() -> Void)?) {
        guard let target = source.presentedViewController ?? presentedAncestor(of: source) else { return }
        if let above = target.storedPresented {
            dismiss(from: above, animated: false, completion: nil)
        }
        guard let presenter = target.storedPresenting else { return }
        let covers = target.presentationStyle == .fullScreen || target.presentationStyle == .currentContext
        let targetView = target.viewIfLoaded
        let container = targetView?.superview
        let coordinator = animated
            ? container.map {
                TransitionCoordinator(
                    from: target, to: presenter, container: $0, presentationStyle: target.presentationStyle,
                    movesToView: covers
                )
            }
            : nil
        coordinator?.attach(to: [presenter, target])
        target.beingDismissed = true
        target.beginAppearanceTransition(false, animated: animated)
        if covers {
            presenter.beginAppearanceTransition(true, animated: animated)
            if let placement = presenter.coveredViewPlacement, let superview = placement.superview,
               let presenterView = presenter.viewIfLoaded {
                superview.insertSubview(presenterView, at: placement.index)
                presenterView.layoutIfNeeded()
            }
            presenter.coveredViewPlacement = nil
        }
        // The model layer's end state (UIKIT-SEMANTICS 37): the default cover-vertical dismissal has already
        // moved the presented view down, past the bottom of its container.
        if coordinator != nil, let targetView, let container {
            targetView.frame.origin.y = container.bounds.maxY
        }
        TransitionAnimator.shared.run(animated: animated) {
            targetView?.removeFromSuperview()
            coordinator?.end()
            target.endAppearanceTransition()
            if covers { presenter.endAppearanceTransition() }
            presenter.storedPresented = nil
            target.storedPresenting = nil
            target.beingDismissed = false
            completion?()
        }
    }

    // MARK: - Private

    private static func resolvedStyle(_ style: UIModalPresentationStyle) -> UIModalPresentationStyle {
        switch style {
        case .automatic, .formSheet, .popover: .pageSheet
        case .none: .fullScreen
        default: style
        }
    }

    private static func isContextStyle(_ style: UIModalPresentationStyle) -> Bool {
        style == .currentContext || style == .overCurrentContext
    }

    /// The controller that presents: for the context styles the nearest one (self or ancestor) defining the
    /// context, otherwise the root of the source's hierarchy.
    private static func anchor(for source: UIViewController, style: UIModalPresentationStyle) -> UIViewController {
        var controller = source
        while let parent = controller.parent {
            if isContextStyle(style), controller.definesPresentationContext { return controller }
            controller = parent
        }
        return controller
    }

    private static func presentedAncestor(of source: UIViewController) -> UIViewController? {
        var controller: UIViewController? = source
        while let current = controller {
            if current.storedPresenting != nil { return current }
            controller = current.parent
        }
        return nil
    }

    private static func frame(for style: UIModalPresentationStyle, in bounds: CGRect) -> CGRect {
        guard style == .pageSheet else { return bounds }
        return CGRect(x: bounds.minX, y: bounds.minY + sheetTopInset, width: bounds.width, height: bounds.height - sheetTopInset)
    }
}
