import Foundation

/// A gesture recognizer held weakly, as UIKit holds failure requirements.
@MainActor
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?

    init(_ recognizer: UIGestureRecognizer) {
        self.recognizer = recognizer
    }
}
