import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tracking

/// Reports a download from its `URLSession` completion, on the session's queue, without hopping to the main
/// thread.
// Snippet: any-thread-calls
func fetchOrders(_ tracker: Tracker, from url: URL) {
    URLSession.shared.dataTask(with: url) { data, _, _ in
        tracker.track("orders_loaded", properties: ["bytes": data?.count ?? 0])
    }.resume()
}
// Snippet end
