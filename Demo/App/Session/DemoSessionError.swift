/// Why a ``DemoSession`` stopped early: the app was not in the state a step needs.
public struct DemoSessionError: Error, CustomStringConvertible {
    // MARK: - Public

    /// The step that could not run.
    public var step: DemoSessionStep
    /// What was missing.
    public var reason: String

    /// `step 4. Open a post: the feed is not shown`.
    public var description: String { "step \(step): \(reason)" }
}
