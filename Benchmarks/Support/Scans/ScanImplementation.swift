/// One way of scanning a generated hierarchy, timed side by side with the others.
@MainActor
package protocol ScanImplementation: AnyObject {
    /// A short name for tables: `ours`, `naive`, `per-view`, `floor`, `flat`.
    var name: String { get }
    /// Runs one complete scan and returns how many tracked views it found visible (the floors return how
    /// many views they read, as they judge nothing).
    func scan() -> Int
}
