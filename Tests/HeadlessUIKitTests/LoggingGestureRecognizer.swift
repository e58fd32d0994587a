import HeadlessUIKit
import TestSupport

/// A gesture recognizer that logs its touch callbacks and resets as `"<name>.<callback>"`, and sets the state
/// a test scripts for each phase (`nil`: stays as it is), as a subclass does after
/// `import UIKit.UIGestureRecognizerSubclass`.
@MainActor
final class LoggingGestureRecognizer: UIGestureRecognizer {
    var recognizerName = "G"
    var log: LifecycleLog?
    var stateOnBegan: UIGestureRecognizer.State?
    var stateOnMoved: UIGestureRecognizer.State?
    var stateOnEnded: UIGestureRecognizer.State?

    convenience init(_ name: String, log: LifecycleLog) {
        self.init()
        recognizerName = name
        self.log = log
        Headless.addAction(to: self) { [unowned self] recognizer in
            self.log?.append("\(self.recognizerName).action(\(recognizer.state))")
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(recognizerName).touchesBegan")
        if let stateOnBegan { state = stateOnBegan }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(recognizerName).touchesMoved")
        if let stateOnMoved { state = stateOnMoved }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(recognizerName).touchesEnded")
        if let stateOnEnded { state = stateOnEnded }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(recognizerName).touchesCancelled")
    }

    override func reset() {
        super.reset()
        log?.append("\(recognizerName).reset")
    }
}
