// Snippet: any-thread-calls
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // URLSession on Linux
#endif
import Tracking

// Snippet end
/// Reports a download from its `URLSession` completion, on the session's queue, without hopping to the main
/// thread.
// Snippet: any-thread-calls
func fetchOrders(_ tracker: Tracker, from url: URL) {
    URLSession.shared.dataTask(with: url) { data, _, _ in
        tracker.track("orders_loaded", properties: ["bytes": data?.count ?? 0])
    }.resume()
}
// Snippet end
