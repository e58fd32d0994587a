import Foundation

/// The persisted ``DeliveryConsent`` of one write key: a file named `consent` in its queue directory
/// holding the raw value, replaced atomically.
struct ConsentFile: Sendable {
    // MARK: - Internal

    /// The file's location.
    let url: URL

    /// - Parameter directory: The write key's queue directory.
    init(directory: URL) {
        url = directory.appendingPathComponent("consent", isDirectory: false)
    }

    /// The saved consent, or `nil` when none was saved (or the file is unreadable).
    func load() -> DeliveryConsent? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return DeliveryConsent(rawValue: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Saves `consent`; throws the system error when it cannot.
    func save(_ consent: DeliveryConsent) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(consent.rawValue.utf8).write(to: url, options: .atomic)
    }
}
