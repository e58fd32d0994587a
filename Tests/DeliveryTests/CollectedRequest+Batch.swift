import Foundation
import LoopbackCollector

/// Readers of the batch a request to the collector carried.
extension CollectedRequest {
    /// The messages of the request's `batch`, in order; `[]` when the body holds no batch.
    var messages: [[String: Any]] {
        ((jsonBody as? [String: Any])?["batch"] as? [[String: Any]]) ?? []
    }

    /// The `messageId` of every message of the request's batch, in order.
    var messageIds: [String] {
        messages.compactMap { $0["messageId"] as? String }
    }
}
