import Foundation
import Tracking

extension ScanReportHTML {
    // MARK: - Internal

    /// The "Time on each post" section: a bar per feed post, in feed order, as long as the post's
    /// `Element Exposure` times added up, with the feed's deepest `scroll_depth` marked as a line across the
    /// rows it reached. Empty when no scan recorded an exposure on the feed.
    func engagementSection() -> String {
        let events = pictures.flatMap(\.events)
        var posts: [(id: String, milliseconds: Int)] = []
        for event in events where event.kind == .exposure && event.screen?.screenName.rawValue == Self.feedScreen {
            let id = event.identifier ?? event.name
            let milliseconds = Int(((event.visibleDuration ?? 0) * 1000).rounded())
            if let index = posts.firstIndex(where: { $0.id == id }) {
                posts[index].milliseconds += milliseconds
            } else {
                posts.append((id, milliseconds))
            }
        }
        guard !posts.isEmpty else { return "" }
        // Feed order: by the number in the post's id (post-6), ids without one last, as first seen.
        posts = posts.enumerated().sorted { lhs, rhs in
            (Self.number(in: lhs.element.id) ?? Int.max, lhs.offset) < (Self.number(in: rhs.element.id) ?? Int.max, rhs.offset)
        }.map(\.element)
        let depth = events.filter { $0.kind == .screenEnded && $0.screen?.screenName.rawValue == Self.feedScreen }
            .compactMap(\.scrollDepth).max()
        return "<div class=\"delivery\"><h2>Time on each post</h2>\n<p class=\"details\">Each bar adds up a post's "
            + "<code>Element Exposure</code> <code>visible_ms</code>: the time it was at least half visible. "
            + (depth.map { "The dashed line is the feed's deepest <code>scroll_depth</code>, \(format($0 * 100, digits: 0)) %." } ?? "")
            + "</p>\n" + chartSVG(posts, depth: depth, totalPosts: feedPostCount ?? Self.feedPostCount(in: events, seen: posts.count))
            + "</div>\n"
    }

    // MARK: - Private

    private static let feedScreen = "feed"

    private static func number(in id: String) -> Int? {
        Int(id.reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
    }

    /// How many posts the feed holds, for placing the depth line: the largest post number seen, at least the
    /// number of bars.
    private static func feedPostCount(in events: [TrackingEvent], seen: Int) -> Int {
        let numbers = events.filter { $0.screen?.screenName.rawValue == feedScreen && $0.element != nil }
            .compactMap { $0.identifier.flatMap(number(in:)) }
        return max(numbers.max() ?? 0, seen)
    }

    private func chartSVG(_ posts: [(id: String, milliseconds: Int)], depth: Double?, totalPosts: Int) -> String {
        let row = 28.0, label = 90.0, width = 560.0
        let longest = Double(max(posts.map(\.milliseconds).max() ?? 1, 1))
        let height = row * Double(posts.count) + 8
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width + label + 80, digits: 0))\" "
            + "height=\"\(format(height, digits: 0))\" font-family=\"sans-serif\" font-size=\"13\">\n"
        for (index, post) in posts.enumerated() {
            let y = 4 + row * Double(index)
            let bar = max(width * Double(post.milliseconds) / longest, 1)
            svg += "<text x=\"0\" y=\"\(format(y + 18, digits: 1))\">\(escape(post.id))</text>"
                + "<rect x=\"\(format(label, digits: 0))\" y=\"\(format(y + 4, digits: 1))\" width=\"\(format(bar, digits: 1))\" "
                + "height=\"\(format(row - 8, digits: 0))\" fill=\"#2563eb\"/>"
                + "<text x=\"\(format(label + bar + 6, digits: 1))\" y=\"\(format(y + 18, digits: 1))\" fill=\"#333\">"
                + "\(post.milliseconds) ms</text>\n"
        }
        if let depth, totalPosts > 0 {
            // Posts are equally tall and in feed order: post n starts at n / count of the content, so the line
            // goes below the last charted post that starts above the depth.
            let rows = posts.prefix { Double(Self.number(in: $0.id) ?? Int.max) < depth * Double(totalPosts) }.count
            let y = 4 + row * Double(rows)
            svg += "<line x1=\"0\" x2=\"\(format(width + label + 80, digits: 0))\" y1=\"\(format(y, digits: 1))\" "
                + "y2=\"\(format(y, digits: 1))\" stroke=\"#dc2626\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
        }
        return svg + "</svg>\n"
    }
}
