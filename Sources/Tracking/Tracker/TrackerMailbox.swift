#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Orders a tracker's calls from every thread and delivers them one at a time, in that order, with no lock
/// held while a callback runs (a sink's `receive`, a ``TrackingConfiguration/beforeSend`` hook, the
/// diagnostic handler): a callback that calls the tracker, or waits on a queue that does, never deadlocks.
///
/// **Under the lock** a call only reads the time (when it needs one) and enqueues a ticket: the work that
/// stamps, validates and hands the event on. The order of tickets is the order of timestamps.
///
/// **After the lock**, one thread at a time delivers tickets in that order (the *deliverer*). A call that
/// finds nobody delivering becomes the deliverer and delivers everything queued up to and including its own
/// tickets, and those its own callbacks add, before it returns: uncontended, a call's event has reached
/// every sink when the call returns, on the calling thread. A call that finds another thread delivering
/// returns at once; that thread delivers its ticket in turn. A call made by a callback (on the deliverer's
/// thread) is queued and delivered after the current one, never nested. Once past its own tickets, the main
/// thread hands what is left to a serial delivery queue; another thread goes on up to
/// ``handOffAfter`` more tickets, then does the same. So nobody ever waits for another thread's callback.
///
/// **Flushes are tickets too** (ACCEPTANCE 66): ``Tracker/flush()``, ``DeliverySink/flush()`` and
/// ``DeliverySink/flushAndWait()`` queue a ticket behind the calls already queued (see ``FeedingMailboxes``),
/// so a call that returned before the flush was asked for, on any thread, is in what it uploads. The ticket
/// starts the upload (or resumes the waiting task) on whichever thread delivers it; nobody waits for it.
///
/// **Bounded backlog**: a call off the main thread that finds ``backlogLimit`` tickets waiting is held until
/// fewer wait, as long as delivery makes progress (a deliverer stuck in a callback for more than a second
/// releases it: holding it then could deadlock). The main thread is never held.
///
/// **Launch** (ACCEPTANCE 55): ``deferDelivery(until:)`` holds every ticket from the tracker's `init` on, and
/// ``startLoading()`` (at the end of `init`) runs the load (the tracker's files) on the delivery queue, off the
/// main thread. What `init` submits (the launch's lifecycle events) is queued in order and delivered once the
/// load is done, stamped with what it loaded, by the first of: the main thread's next turn of its run loop (a
/// main-queue block the load posts), or the next call, which waits for the load (at most ``loadTimeout``
/// seconds, then it is queued behind) and then delivers what is queued, its own ticket
/// included, before it returns, as always. So an app that records on the main thread sees every event it
/// records there delivered there, as ``TrackingSink`` documents, and `init` never waits.
final class TrackerMailbox: @unchecked Sendable {
    // MARK: - Internal

    /// Tickets waiting beyond which calls off the main thread are held.
    static let backlogLimit = 5_000
    /// Tickets of other threads a thread delivers past its own before handing the rest to the queue.
    static let handOffAfter = 5_000

    /// How long a held call waits without any ticket delivered before it stops waiting (tests lengthen it).
    var stallTimeout: TimeInterval = 1

    /// How long a call waits for the launch's load (``deferDelivery(until:)``) before it is queued behind it
    /// instead.
    let loadTimeout = TrackerMailbox.defaultLoadTimeout

    /// ``loadTimeout`` for mailboxes made from now on: tests lengthen it, on the main thread, where
    /// trackers (and their mailboxes) are made.
    nonisolated(unsafe) static var defaultLoadTimeout: TimeInterval = 10

    /// Holds every ticket submitted from now on until the load ``startLoading()`` runs is done. Called before
    /// any ticket is submitted (the tracker's `init`).
    /// - Parameter load: Runs on the delivery queue; its argument says whether tickets wait for it.
    func deferDelivery(until load: @escaping @Sendable (_ ticketsWait: Bool) -> Void) {
        state.lock()
        precondition(!isDelivering, "deferDelivery(until:) is called before any delivery")
        isDelivering = true
        isLoading = true
        awaitsLaunchDeliverer = true
        deliverer = nil
        pendingLoad = load
        state.unlock()
    }

    /// Runs the load ``deferDelivery(until:)`` set on the delivery queue, after every ticket of the tracker's
    /// `init` is queued; once it is done, the main thread's next run-loop turn delivers what is queued, unless
    /// a call did first (see the type's description).
    func startLoading() {
        state.lock()
        let load = pendingLoad
        pendingLoad = nil
        state.unlock()
        guard let load else { return }
        // At the main thread's priority: its first call may wait for the load.
        deliveryQueue.async(qos: .userInitiated, flags: .enforceQoS) { [self] in
            state.lock()
            let ticketsWait = waiting > 0
            loader = pthread_self()
            state.unlock()
            load(ticketsWait)
            state.lock()
            loader = nil
            isLoading = false
            state.broadcast()
            state.unlock()
            DispatchQueue.main.async { [self] in
                state.lock()
                deliverLaunchTicketsIfDue()
                state.unlock()
            }
        }
    }

    /// Returns once the launch's load is done (see ``loadTimeout``): for the tracker's synchronous getters
    /// (``Tracker/identity``).
    func waitUntilLoaded() {
        state.lock()
        defer { state.unlock() }
        waitForLoad()
    }

    /// Calls held now because the backlog is full (for tests).
    var heldCount: Int {
        state.lock()
        defer { state.unlock() }
        return held
    }

    /// Tickets queued and not yet taken by a deliverer (for tests).
    var ticketsWaiting: Int {
        state.lock()
        defer { state.unlock() }
        return waiting
    }

    /// Events handed to the sinks so far.
    var eventsDelivered: Int {
        state.lock()
        defer { state.unlock() }
        return delivered
    }

    /// Counts one event handed to the sinks; called by a ticket's work.
    func noteDelivered() {
        state.lock()
        delivered += 1
        state.unlock()
    }

    /// Enqueues the work `make` builds from the time read now, under the lock (so that timestamps follow the
    /// order of tickets), then delivers as described above.
    /// - Returns: Whether the work ran on this thread before returning.
    @discardableResult
    func submit(readingClock clock: any TrackingClock, _ make: (Date) -> () -> Void) -> Bool {
        enqueue { make(clock.now().date) }
    }

    /// Enqueues `work` and delivers as described above.
    /// - Returns: Whether the work ran on this thread before returning.
    @discardableResult
    func submit(_ work: @escaping () -> Void) -> Bool {
        enqueue { work }
    }

    /// Returns once every ticket enqueued so far has been delivered, for at most `timeout` seconds (tests).
    /// Must not be called from a callback.
    /// - Returns: Whether they were.
    @discardableResult
    func waitUntilDelivered(timeout: TimeInterval = 60) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        state.lock()
        defer { state.unlock() }
        // The launch's tickets may wait for this very thread's run loop: deliver them here.
        waitForLoad()
        deliverLaunchTicketsIfDue()
        while isDelivering || !queue.isEmpty {
            guard state.wait(until: deadline) else { return false }
        }
        return true
    }

    // MARK: - Private

    private struct Ticket {
        var number: UInt64
        var work: () -> Void
    }

    /// A lock and the condition held calls and ``waitUntilDelivered(timeout:)`` wait on.
    private let state = NSCondition()
    private let deliveryQueue = DispatchQueue(label: "Sightline.TrackerMailbox", qos: .utility)
    private var queue: [Ticket] = []
    private var head = 0
    private var nextNumber: UInt64 = 0
    private var delivered = 0
    /// Tickets delivered so far (of any kind): the progress held calls watch.
    private var ticketsDelivered = 0
    private var isDelivering = false
    private var held = 0
    /// Whether the launch's load is not done yet.
    private var isLoading = false
    /// Whether what was queued since ``deferDelivery(until:)`` waits for a deliverer (``takeLaunchTurn(_:)``).
    private var awaitsLaunchDeliverer = false
    /// The launch's load, until ``startLoading()`` starts it.
    private var pendingLoad: (@Sendable (Bool) -> Void)?
    /// The deliverer's thread, while one is delivering (`nil` while the queue's turn is pending).
    private var deliverer: pthread_t?
    /// The thread running the launch's load, while it runs: a callback of the load (a diagnostic handler)
    /// that calls the tracker must not wait for it.
    private var loader: pthread_t?
    /// The last ticket the deliverer delivers before it may hand off.
    private var ownLast: UInt64 = 0

    private var waiting: Int { queue.count - head }

    private func isDeliverer(_ thread: pthread_t) -> Bool {
        guard isDelivering, let deliverer else { return false }
        return pthread_equal(deliverer, thread) != 0
    }

    private func enqueue(_ make: () -> () -> Void) -> Bool {
        let thread = pthread_self()
        let isMain = Thread.isMainThread
        state.lock()
        if awaitsLaunchDeliverer {
            waitForLoad()
        }
        if !isMain, !isDeliverer(thread) {
            holdWhileFull()
        }
        let number = nextNumber
        nextNumber &+= 1
        queue.append(Ticket(number: number, work: make()))
        if isDelivering, !takeLaunchTurn(thread) {
            if isDeliverer(thread) { ownLast = max(ownLast, number) }
            state.unlock()
            return false
        }
        isDelivering = true
        deliverer = thread
        ownLast = number
        state.unlock()
        drain(isMain: isMain, limit: Self.handOffAfter)
        return true
    }

    /// Makes `thread` the deliverer of what was queued during the launch's load, if it is done and nobody
    /// took them yet; with the lock held. The caller then drains.
    private func takeLaunchTurn(_ thread: pthread_t) -> Bool {
        guard awaitsLaunchDeliverer, !isLoading else { return false }
        awaitsLaunchDeliverer = false
        deliverer = thread
        ownLast = nextNumber &- 1
        return true
    }

    /// Delivers what was queued during the launch's load on the calling thread, if the load is done and
    /// nobody took it yet; called with the lock held, returns with it held.
    private func deliverLaunchTicketsIfDue() {
        guard takeLaunchTurn(pthread_self()) else { return }
        state.unlock()
        drain(isMain: Thread.isMainThread, limit: Self.handOffAfter)
        state.lock()
    }

    /// Waits, with the lock held, while the launch's load is not done, at most ``loadTimeout`` seconds;
    /// returns at once before the load starts (`init` queues without waiting) and on the loader's own thread.
    private func waitForLoad() {
        guard pendingLoad == nil else { return }
        if let loader, pthread_equal(loader, pthread_self()) != 0 { return }
        let deadline = Date(timeIntervalSinceNow: loadTimeout)
        while isLoading, state.wait(until: deadline) {}
    }

    /// Waits, with the lock held, while the backlog is full and delivery progresses.
    private func holdWhileFull() {
        held += 1
        defer { held -= 1 }
        while waiting >= Self.backlogLimit {
            let progress = ticketsDelivered
            if !state.wait(until: Date(timeIntervalSinceNow: stallTimeout)), ticketsDelivered == progress { return }
        }
    }

    /// Delivers tickets in order, as the deliverer: up to ``ownLast``, then (the main thread at once, others
    /// after `limit` more) hands the rest to the delivery queue.
    private func drain(isMain: Bool, limit: Int) {
        var extra = 0
        while true {
            state.lock()
            guard head < queue.count else {
                queue.removeAll(keepingCapacity: queue.capacity <= 1_024)
                head = 0
                isDelivering = false
                deliverer = nil
                state.broadcast()
                state.unlock()
                return
            }
            let ticket = queue[head]
            if ticket.number > ownLast {
                if isMain || extra >= limit {
                    deliverer = nil
                    state.unlock()
                    deliveryQueue.async { [self] in drainOnQueue() }
                    return
                }
                extra += 1
            }
            queue[head].work = {}
            head += 1
            if head >= 1_024, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            state.unlock()
            ticket.work()
            state.lock()
            ticketsDelivered += 1
            if waiting < Self.backlogLimit { state.broadcast() }
            state.unlock()
        }
    }

    /// The delivery queue's turn: delivers everything queued, however it grows.
    private func drainOnQueue() {
        state.lock()
        deliverer = pthread_self()
        ownLast = .max
        state.unlock()
        drain(isMain: false, limit: .max)
    }
}
