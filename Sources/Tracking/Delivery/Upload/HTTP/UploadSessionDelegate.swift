import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The upload session's delegate: refuses every redirect and hands each task's final answer to the request
/// waiting for it.
///
/// Redirects are not followed because URLSession turns a redirected POST (301, 302, 303) into a GET
/// without a body: the batch would never reach a collector, yet a landing page's 200 would count it as
/// delivered and a 404 would drop it. The 3xx itself comes back instead, and is retried with a diagnostic
/// naming its `Location`, so the app can fix its endpoint.
final class UploadSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // MARK: - Internal

    /// Waits for `task` to finish (after resuming it) and returns its answer.
    func response(of task: URLSessionTask) async -> UploadResponse {
        await withCheckedContinuation { continuation in
            lock.lock()
            waiting[task.taskIdentifier] = continuation
            lock.unlock()
            task.resume()
        }
    }

    #if canImport(FoundationNetworking)
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
    #else
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = waiting.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let continuation else { return }
        if error == nil, let http = task.response as? HTTPURLResponse {
            continuation.resume(returning: .http(
                status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                location: http.value(forHTTPHeaderField: "Location")
            ))
        } else {
            let error = error ?? URLError(.badServerResponse)
            continuation.resume(returning: .failed((error as? URLError)?.code, description: error.localizedDescription))
        }
    }

    // MARK: - Private

    private let lock = NSLock()
    /// The requests waiting for their task, by task identifier.
    private var waiting: [Int: CheckedContinuation<UploadResponse, Never>] = [:]
}
