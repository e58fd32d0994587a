#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The person's persisted ``DeliveryConsent``: a file named `consent` in the app's Sightline directory
/// (one for every write key, sink and tracker) holding the raw value, replaced atomically and durably.
///
/// Saving fails closed: when a more restrictive value cannot replace the file (a full disk, a read-only
/// directory), the old file is overwritten in place, and if even that fails part-way it is left empty,
/// which ``load()`` reads as unreadable, that is pending. A relaunch never reads a stale `granted`.
struct ConsentFile: Sendable {
    // MARK: - Internal

    /// What ``load()`` found.
    enum Loaded: Equatable {
        /// No consent was ever saved: the configuration's default applies.
        case missing
        /// The saved consent.
        case saved(DeliveryConsent)
        /// The file exists but cannot be read or does not hold a consent: the sink must not guess
        /// (`granted` would fail open), so it treats this as `pending`.
        case unreadable(String)
    }

    /// The file's location.
    let url: URL

    /// - Parameter directory: The directory holding the file (the Sightline storage root).
    init(directory: URL) {
        url = directory.appendingPathComponent("consent", isDirectory: false)
    }

    /// The saved consent, or why there is none.
    func load() -> Loaded {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.readFile(url.path, maximumSize: 64)
        } catch {
            return error.isMissing ? .missing : .unreadable("cannot be read (\(TrackingDiagnostic.errorCodes(of: error)))")
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let consent = DeliveryConsent(rawValue: text) else {
            return .unreadable("holds \(bytes.count) byte(s) that are not a consent")
        }
        return .saved(consent)
    }

    /// Saves `consent` durably: a temporary file is written and flushed, renamed over the file, and the
    /// directory flushed, so a power loss leaves either the old or the new value. When that fails for a
    /// value other than ``DeliveryConsent/granted``, the existing file is overwritten in place instead
    /// (left empty, so read as pending, if the write fails part-way). Throws the first system error, also
    /// when the in-place overwrite succeeded (the value is then saved, without the rename's atomicity).
    func save(_ consent: DeliveryConsent) throws {
        do {
            try replace(with: consent)
        } catch {
            if consent != .granted { overwriteInPlace(with: consent) }
            throw error
        }
    }

    /// The diagnostic for a saved consent that ``load()`` found ``Loaded/unreadable(_:)`` for `reason`.
    static func unreadableDiagnostic(_ reason: String) -> TrackingDiagnostic {
        TrackingDiagnostic(code: .consentStorageFailed, message: "the saved consent \(reason); consent is pending until the app sets it")
    }

    // MARK: - Private

    private func replace(with consent: DeliveryConsent) throws {
        try FileIO.makeDirectory(url.deletingLastPathComponent().path)
        try FileIO.replaceFile(url.path, with: Array(consent.rawValue.utf8))
    }

    /// Truncates the existing file (never creating one, never following a link) and writes `consent` into
    /// it: an empty or partial file reads as unreadable, hence pending.
    private func overwriteInPlace(with consent: DeliveryConsent) {
        let fd = open(url.path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { FileIO.closeDescriptor(fd) }
        let written = Array(consent.rawValue.utf8).withUnsafeBytes { bytes -> Bool in
            (try? FileIO.writeAll(fd, bytes, path: url.path)) != nil
        }
        if written { FileIO.synchronize(fd) }
    }
}

extension DeliveryConsent {
    /// The more restrictive of `self` and `other`: denied over pending over granted.
    func restricted(by other: DeliveryConsent) -> DeliveryConsent {
        let order: [DeliveryConsent] = [.granted, .pending, .denied]
        return order.firstIndex(of: self)! >= order.firstIndex(of: other)! ? self : other
    }
}
