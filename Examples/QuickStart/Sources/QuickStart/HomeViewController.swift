#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

extension TrackingScreenName {
    /// The screen the scene delegate shows first.
    static let home: Self = "home"
}

extension TrackingElementType {
    /// The home screen's button that starts the tour.
    static let startTourButton: Self = "start_tour_button"
}

/// The first screen: a tracked screen with a tracked button.
final class HomeViewController: UIViewController {
    /// Starts the tour; tapping it records `Element Tapped`.
    let startTourButton = UIButton(frame: CGRect(x: 20, y: 120, width: 200, height: 44))
    /// Whether the person started the tour.
    private(set) var startedTour = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.addSubview(startTourButton)
        // A UIAction, not addTarget(_:action:for:) with #selector, which Linux cannot compile.
        startTourButton.addAction(UIAction { [weak self] _ in self?.startedTour = true }, for: .touchUpInside)
        trackingScreen = TrackingScreen(screenName: .home)
        startTourButton.trackingElement = TrackingElement(elementType: .startTourButton)
    }
}
