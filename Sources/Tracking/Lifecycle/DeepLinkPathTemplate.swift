/// One of a ``DeepLinkPathPolicy``'s templates, parsed: `"/reset-password/:token"` is a literal segment
/// `reset-password` and a parameter.
struct DeepLinkPathTemplate: Hashable, Sendable {
    // MARK: - Internal

    /// One segment of a template.
    enum Segment: Hashable, Sendable {
        /// A segment the path must hold exactly (percent-decoded, case-sensitive).
        case literal([UInt8])
        /// A `:name` segment: any value.
        case parameter
    }

    /// The template's non-empty segments, in order.
    let segments: [Segment]

    /// Whether the parameters' values are secrets (removed) or kept.
    let isSecret: Bool

    /// Parses `template`: segments separated by `/`, empty ones ignored, `:name` a parameter.
    init(_ template: String, isSecret: Bool) {
        self.isSecret = isSecret
        segments = template.utf8.split(separator: UInt8(ascii: "/")).map { segment in
            segment.first == UInt8(ascii: ":") ? .parameter : .literal(Array(segment))
        }
    }

    /// Whether the template matches a path whose non-empty segments, percent-decoded and without their matrix
    /// parameters, are `names`.
    func matches(_ names: [[UInt8]]) -> Bool {
        guard names.count == segments.count else { return false }
        for (segment, name) in zip(segments, names) {
            if case .literal(let literal) = segment, literal != name { return false }
        }
        return true
    }
}
