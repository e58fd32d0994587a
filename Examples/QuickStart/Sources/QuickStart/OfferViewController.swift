#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

// Snippet: uiaction-view-controller
extension TrackingScreenName { static let offer: Self = "offer" }
extension TrackingElementType {
    static let buyButton: Self = "buy_button"
    static let offerCard: Self = "offer_card"
}
extension TrackingEventName {
    static let purchaseStarted: Self = "purchase_started"
    static let offerOpened: Self = "offer_opened"
}

/// An offer: a card that opens it and a button that buys it, with no `#selector` anywhere.
final class OfferViewController: UIViewController {
    let buyButton = UIButton(type: .system)
    let offerCard = UIView()
    private let tracker: Tracker

    init(tracker: Tracker) {
        self.tracker = tracker
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        offerCard.frame = CGRect(x: 20, y: 100, width: 350, height: 200)
        buyButton.frame = CGRect(x: 20, y: 340, width: 160, height: 44)
        buyButton.setTitle("Buy", for: .normal)
        view.addSubview(offerCard)
        view.addSubview(buyButton)

        // Not addTarget(self, action: #selector(buy), for: .touchUpInside): a UIAction compiles on both.
        buyButton.addAction(UIAction { [weak self] _ in self?.buy() }, for: .touchUpInside)
        // Not UITapGestureRecognizer(target: self, action: #selector(openOffer)): the app's closure wrapper.
        offerCard.addGestureRecognizer(ClosureTapGestureRecognizer { [weak self] in self?.openOffer() })

        trackingScreen = TrackingScreen(screenName: .offer)
        buyButton.trackingElement = TrackingElement(elementType: .buyButton)
        offerCard.trackingElement = TrackingElement(elementType: .offerCard)
    }

    private func buy() {
        tracker.track(.purchaseStarted, properties: ["offer": "spring"])
    }

    private func openOffer() {
        tracker.track(.offerOpened, properties: ["offer": "spring"])
    }
}
// Snippet end
