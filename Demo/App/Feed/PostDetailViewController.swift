#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// One post, pushed from the feed. Its screen carries the post's id, so analytics can tell posts apart.
final class PostDetailViewController: UIViewController {
    // MARK: - Internal

    let post: Post

    private(set) lazy var likeButton = UIButton.demoButton(
        title: "Like", frame: .demoRow(y: 320, height: 56), color: .systemRed
    ) {}

    init(post: Post) {
        self.post = post
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: post.title, trackingScreen: TrackingScreen(screenName: .postDetail, identifier: post.id))
        view.addSubview(UILabel.demoLabel(post.title, frame: .demoRow(y: 120, height: 40)))
        view.addSubview(UILabel.demoLabel("by \(post.author)", frame: .demoRow(y: 170, height: 30)))
        likeButton.trackingElement = TrackingElement(elementType: .likeButton, identifier: post.id)
        view.addSubview(likeButton)
    }
}
