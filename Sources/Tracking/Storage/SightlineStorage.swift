import Foundation

/// Where Sightline keeps its files by default.
public enum SightlineStorage {
    /// `Sightline` in the app's Application Support directory (the user's data directory where there is
    /// no Application Support, and the temporary directory where neither can be found).
    public static var defaultDirectory: URL {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Sightline", isDirectory: true)
    }
}
