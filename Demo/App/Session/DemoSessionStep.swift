/// One step of the scripted ``DemoSession``, such as "Log in".
public struct DemoSessionStep: Hashable, Sendable, CustomStringConvertible {
    // MARK: - Public

    /// Position in the script, from 1.
    public var number: Int
    /// What the user (or the system) does.
    public var title: String
    /// What to look for in the events.
    public var expectation: String

    /// `3. Scroll the feed`.
    public var description: String { "\(number). \(title)" }
}
