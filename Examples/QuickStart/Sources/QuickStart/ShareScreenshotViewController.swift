#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The app's own share screen, offered after a screenshot of the feed.
final class ShareScreenshotViewController: UIViewController {}
