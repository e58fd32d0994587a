/// Applies a ``DeepLinkPathPolicy`` to a URL's percent-encoded path, as bytes: each removed segment becomes
/// ``DeepLinkPathPolicy/placeholder``, every other byte of the path is kept as it was, so the path keeps its
/// shape. Matrix parameters (`;name=value` in a segment) are kept or left out by the query policy's name
/// rules (``DeepLinkQueryScrubber/keeps(name:)``).
///
/// Each segment is decoded once and read a bounded number of times per rule, and each template compares at
/// most one name per segment, so the work is linear in the path's length (times the number of templates, the
/// app's constant).
struct DeepLinkPathScrubber {
    // MARK: - Internal

    let policy: DeepLinkPathPolicy
    /// The query's scrubber, whose name rules the matrix parameters follow.
    let query: DeepLinkQueryScrubber

    /// `path` (percent-encoded) with its secret segments and matrix parameters removed.
    /// - Parameters:
    ///   - path: The URL's percent-encoded path.
    ///   - host: For a scheme other than HTTP(S), the URL's host, which templates read as the first segment
    ///     (`myapp://invite/A7`); it is never changed.
    func scrubbed(_ path: [UInt8], host: [UInt8]?) -> [UInt8] {
        let segments = path.split(separator: Byte.slash, omittingEmptySubsequences: false).map(Segment.init)
        let marks = templateMarks(segments, host: host)
        var output: [UInt8] = []
        output.reserveCapacity(path.count)
        for (index, segment) in segments.enumerated() {
            if index > 0 { output.append(Byte.slash) }
            output += scrubbed(segment, mark: marks[index])
        }
        return output
    }

    // MARK: - Private

    /// What the matching templates say of a segment.
    private enum Mark {
        /// No template matches it.
        case none
        /// A template's literal or kept parameter: kept.
        case kept
        /// A secret template's parameter: removed.
        case secret
    }

    /// A path segment split at its first `;`.
    private struct Segment {
        let raw: ArraySlice<UInt8>
        /// The bytes before the first `;`, percent-encoded.
        let name: ArraySlice<UInt8>
        /// ``name`` percent-decoded, as compared and judged.
        let decodedName: [UInt8]
        /// Everything from the first `;` on (empty without one).
        let matrix: ArraySlice<UInt8>

        init(_ raw: ArraySlice<UInt8>) {
            self.raw = raw
            let semicolon = raw.firstIndex(of: Byte.semicolon) ?? raw.endIndex
            name = raw[..<semicolon]
            matrix = raw[semicolon...]
            decodedName = DeepLinkQueryScrubber.percentDecoded(Array(name))
        }
    }

    /// Each segment's mark from the templates that match the path (a secret mark wins over a kept one).
    private func templateMarks(_ segments: [Segment], host: [UInt8]?) -> [Mark] {
        var marks = [Mark](repeating: .none, count: segments.count)
        guard !policy.templates.isEmpty else { return marks }
        let nonEmpty = segments.indices.filter { !segments[$0].raw.isEmpty }
        // The host is a segment templates read but never one marked.
        let positions: [Int?] = (host.map { _ in [nil] } ?? []) + nonEmpty.map { $0 }
        let names: [[UInt8]] = (host.map { [$0] } ?? []) + nonEmpty.map { segments[$0].decodedName }
        for template in policy.templates where template.matches(names) {
            for (position, templateSegment) in zip(positions, template.segments) {
                guard let position else { continue }
                switch templateSegment {
                case .parameter where template.isSecret: marks[position] = .secret
                case .parameter, .literal: if marks[position] == .none { marks[position] = .kept }
                }
            }
        }
        return marks
    }

    private func scrubbed(_ segment: Segment, mark: Mark) -> [UInt8] {
        guard !segment.raw.isEmpty else { return [] }
        var output: [UInt8]
        switch mark {
        case .secret:
            output = Self.placeholder
        case .kept:
            output = Array(segment.name)
        case .none:
            let removed = !segment.name.isEmpty
                && (policy.isStrict || DeepLinkSecretShape.looksSecret(segment.decodedName, uuidsAreSecret: policy.uuidsAreSecret))
            output = removed ? Self.placeholder : Array(segment.name)
        }
        output += scrubbedMatrix(segment.matrix)
        return output
    }

    /// The matrix parameters the query policy keeps, each with its `;`, a secret-looking value replaced.
    private func scrubbedMatrix(_ matrix: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        for parameter in matrix.split(separator: Byte.semicolon) {
            let equals = parameter.firstIndex(of: Byte.equals) ?? parameter.endIndex
            guard query.keeps(name: parameter[..<equals]) else { continue }
            output.append(Byte.semicolon)
            let value = parameter[equals...].dropFirst()
            if equals < parameter.endIndex,
               DeepLinkSecretShape.looksSecret(DeepLinkQueryScrubber.percentDecoded(Array(value)), uuidsAreSecret: policy.uuidsAreSecret) {
                output += parameter[...equals]
                output += Self.placeholder
            } else {
                output += parameter
            }
        }
        return output
    }

    private static let placeholder = Array(DeepLinkPathPolicy.placeholder.utf8)

    private enum Byte {
        static let slash = UInt8(ascii: "/")
        static let semicolon = UInt8(ascii: ";")
        static let equals = UInt8(ascii: "=")
    }
}
