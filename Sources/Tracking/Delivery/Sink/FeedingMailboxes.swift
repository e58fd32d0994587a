import Foundation

/// The mailboxes of the trackers that feed a ``DeliverySink``, so that a flush is ordered after every call
/// made to them before it (ACCEPTANCE 66); thread-safe (a tracker is released from any thread).
///
/// A call made while another thread is delivering returns before its event is stored: it waits in the
/// tracker's mailbox. A flush therefore queues a ticket of its own behind it, in every feeding mailbox, and
/// starts once each has been delivered. Queuing never waits for another thread's callback (see
/// ``TrackerMailbox``): on a thread where nobody is delivering the ticket runs at once.
final class FeedingMailboxes: @unchecked Sendable {
    // MARK: - Internal

    /// Adds a tracker's mailbox.
    func add(_ mailbox: TrackerMailbox) {
        lock.withLock { mailboxes.append(mailbox) }
    }

    /// Removes a tracker's mailbox (the tracker is released).
    func remove(_ mailbox: TrackerMailbox) {
        lock.withLock { mailboxes.removeAll { $0 === mailbox } }
    }

    /// Runs `work` once every call queued so far in the feeding mailboxes has been delivered: at once when
    /// none is queued (or no tracker feeds the sink), else on the thread that delivers the last of them.
    func afterQueuedCalls(_ work: @escaping @Sendable () -> Void) {
        let mailboxes = lock.withLock { self.mailboxes }
        guard !mailboxes.isEmpty else {
            work()
            return
        }
        let countdown = Countdown(mailboxes.count, then: work)
        for mailbox in mailboxes {
            mailbox.submit { countdown.tick() }
        }
    }

    /// Returns once every call queued so far in the feeding mailboxes has been delivered.
    func queuedCallsDelivered() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            afterQueuedCalls { continuation.resume() }
        }
    }

    // MARK: - Private

    private let lock = NSLock()
    private var mailboxes: [TrackerMailbox] = []

    /// Runs its work when ticked a given number of times, from any thread.
    private final class Countdown: @unchecked Sendable {
        private let lock = NSLock()
        private var remaining: Int
        private let work: @Sendable () -> Void

        init(_ count: Int, then work: @escaping @Sendable () -> Void) {
            remaining = count
            self.work = work
        }

        func tick() {
            let isLast = lock.withLock {
                remaining -= 1
                return remaining == 0
            }
            if isLast { work() }
        }
    }
}
