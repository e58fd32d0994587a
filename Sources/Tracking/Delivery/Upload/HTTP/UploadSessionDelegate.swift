import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The upload session's delegate: starts each task through its caller's gate, refuses every redirect,
/// ends each request as soon as its status is known, and hands the answer to the request waiting for it.
///
/// Redirects are not followed because URLSession turns a redirected POST (301, 302, 303) into a GET
/// without a body: the batch would never reach a collector, yet a landing page's 200 would count it as
/// delivered and a 404 would drop it. The 3xx itself comes back instead, and is retried with a diagnostic
/// naming its status, so the app can fix its endpoint.
///
/// The response body is not read unless the destination needs it for that status (Amplitude's 400 lists
/// the rejected events): otherwise only the status and headers decide what becomes of a batch, so the
/// task is cancelled once they arrive. A body that is read is cut at ``maximumBodyBytes``, where the task
/// is cancelled too. A collector streaming an endless body can then neither hold the only upload
/// connection nor fill memory.
final class UploadSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // MARK: - Internal

    /// The most bytes of a response body kept.
    static let maximumBodyBytes = 64 * 1024

    /// - Parameter readsBody: Whether the body of an answer with this status is needed.
    init(readsBody: @escaping @Sendable (Int) -> Bool = { _ in false }) {
        self.readsBody = readsBody
    }

    /// Starts `task` through `start` and waits for its answer; `nil` when `start` did not call `resume`
    /// (the task was never started).
    /// - Parameter start: Calls its argument, which resumes the task, or declines (returning `false`).
    func response(of task: URLSessionTask, start: (_ resume: () -> Void) -> Bool) async -> UploadResponse? {
        await withCheckedContinuation { continuation in
            lock.lock()
            waiting[task.taskIdentifier] = continuation
            lock.unlock()
            guard !start({ task.resume() }) else { return }
            lock.lock()
            let declined = waiting.removeValue(forKey: task.taskIdentifier)
            lock.unlock()
            declined?.resume(returning: nil)
        }
    }

    #if canImport(FoundationNetworking)
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(keep(response, of: dataTask))
    }
    #else
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        completionHandler(keep(response, of: dataTask))
    }
    #endif

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard var body = bodies[dataTask.taskIdentifier] else { return lock.unlock() }
        body.append(data.prefix(Self.maximumBodyBytes - body.count))
        bodies[dataTask.taskIdentifier] = body
        let isFull = body.count >= Self.maximumBodyBytes
        lock.unlock()
        if isFull { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = waiting.removeValue(forKey: task.taskIdentifier)
        let answer = answers.removeValue(forKey: task.taskIdentifier)
        let body = bodies.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let continuation else { return }
        if let http = answer ?? (error == nil ? task.response as? HTTPURLResponse : nil) {
            continuation.resume(returning: .http(
                status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                location: http.value(forHTTPHeaderField: "Location"), body: body
            ))
        } else {
            let error = error ?? URLError(.badServerResponse)
            continuation.resume(returning: .failed((error as? URLError)?.code, description: TrackingDiagnostic.errorCodes(of: error)))
        }
    }

    // MARK: - Private

    private let lock = NSLock()
    /// The requests waiting for their task, by task identifier.
    private var waiting: [Int: CheckedContinuation<UploadResponse?, Never>] = [:]
    /// The status and headers of tasks cancelled once they arrived, by task identifier.
    private var answers: [Int: HTTPURLResponse] = [:]
    /// The bodies being read, by task identifier.
    private var bodies: [Int: Data] = [:]
    private let readsBody: @Sendable (Int) -> Bool

    /// Remembers an HTTP answer for the task's completion and ends the task, unless its body is needed.
    /// The task is also cancelled directly, because swift-corelibs-foundation ignores the disposition.
    private func keep(_ response: URLResponse, of task: URLSessionTask) -> URLSession.ResponseDisposition {
        guard let http = response as? HTTPURLResponse else { return .allow }
        let reads = readsBody(http.statusCode)
        lock.lock()
        answers[task.taskIdentifier] = http
        if reads { bodies[task.taskIdentifier] = Data() }
        lock.unlock()
        if reads { return .allow }
        task.cancel()
        return .cancel
    }
}
