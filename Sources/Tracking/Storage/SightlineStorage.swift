import Foundation

/// Where Sightline keeps its files by default.
public enum SightlineStorage {
    /// `Sightline` in the app's Application Support directory (the user's data directory where there is
    /// no Application Support, and the temporary directory where neither can be found).
    ///
    /// - Important: On tvOS an app's local storage is not persistent: the system may purge it between
    ///   launches, taking the queue and the anonymous id with it (a relaunch then starts a new anonymous id).
    ///   Upload promptly there (a small ``DeliveryConfiguration/flushAt``) and identify users when you can.
    public static var defaultDirectory: URL { foundDirectory }

    /// Found once per process: every configuration made reads it, on the main thread at launch, and finding
    /// it reads the environment (and, on Linux, the home directory).
    private static let foundDirectory: URL = {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Sightline", isDirectory: true)
    }()
}
