import Foundation

/// Where HeadlessUIKit reports misuse that UIKit would log or raise for.
enum HeadlessDiagnostics {
    /// Writes the message to standard error, prefixed like UIKit's console warnings.
    static func report(_ message: String) {
        FileHandle.standardError.write(Data("[HeadlessUIKit] \(message)\n".utf8))
    }
}
