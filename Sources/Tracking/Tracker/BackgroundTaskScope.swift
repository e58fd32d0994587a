#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// A background task around synchronous work on the main thread, ended exactly once: by ``end()`` or, if
/// background time runs out first, by its expiration handler (UIKIT-SEMANTICS 40).
@MainActor
final class BackgroundTaskScope {
    // MARK: - Internal

    /// Begins a background task named `name`.
    init(application: UIApplication, name: String) {
        self.application = application
        identifier = application.beginBackgroundTask(withName: name) { [weak self] in
            self?.end()
        }
        if identifier == .invalid { isEnded = true }
    }

    /// Ends the task unless it has ended already.
    func end() {
        guard !isEnded else { return }
        isEnded = true
        application.endBackgroundTask(identifier)
    }

    // MARK: - Private

    private let application: UIApplication
    private var identifier: UIBackgroundTaskIdentifier = .invalid
    private var isEnded = false
}
