#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

/// Renders ``ScanPicture``s as one self-contained HTML page: an inline SVG per scan (the window's views as
/// rectangles in their own colours, tracked views outlined by verdict), the scan's events and verdicts
/// beside it, and a legend; then, when there were uploads, every ``DeliveredBatch`` with its messages.
/// No scripts, no external files.
public struct ScanReportHTML {
    // MARK: - Public

    /// The page title.
    public var title: String
    /// A line under the title, such as the demo's summary.
    public var summary: String
    /// Extra lines under the summary, such as the tracker's configuration.
    public var details: [String]
    /// The figures, in order.
    public var pictures: [ScanPicture]
    /// The upload requests, in order; the delivery section lists them.
    public var batches: [DeliveredBatch]
    /// A line that opens the delivery section, such as where the batches went; no section when it is `nil`
    /// and there are no ``batches``.
    public var deliveryNote: String?
    /// Per tapped screen, its taps, rage taps and dead taps; drawn as heatmaps above the scans (none by default).
    public var heatmaps: [TapHeatmap] = []
    /// How many posts the feed holds, to place its scroll depth in the "Time on each post" chart; without it
    /// the largest post number seen stands in.
    public var feedPostCount: Int?

    /// Creates a page.
    /// - Parameters:
    ///   - title: The page title.
    ///   - summary: A line under the title.
    ///   - details: Extra lines under the summary.
    ///   - pictures: The figures, in order.
    ///   - batches: The upload requests, in order (default none).
    ///   - deliveryNote: A line that opens the delivery section (default none).
    public init(
        title: String, summary: String, details: [String] = [], pictures: [ScanPicture],
        batches: [DeliveredBatch] = [], deliveryNote: String? = nil
    ) {
        self.title = title
        self.summary = summary
        self.details = details
        self.pictures = pictures
        self.batches = batches
        self.deliveryNote = deliveryNote
    }

    /// The whole page.
    public func render() -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 24px; color: #111; background: #fafafa; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .summary { font-weight: 600; }
        .details { color: #555; margin: 2px 0; }
        .legend { display: flex; flex-wrap: wrap; gap: 16px; margin: 16px 0 24px; align-items: center; }
        .legend span { display: inline-flex; gap: 6px; align-items: center; }
        section { display: flex; gap: 24px; align-items: flex-start; background: #fff; border: 1px solid #ddd;
                  border-radius: 8px; padding: 16px; margin-bottom: 16px; }
        section h2 { font-size: 16px; margin: 0 0 4px; }
        .step { color: #555; margin: 0 0 8px; }
        table { border-collapse: collapse; margin: 8px 0; }
        td, th { text-align: left; padding: 2px 10px 2px 0; font-size: 13px; }
        th { color: #666; font-weight: 500; }
        .visible { color: #1d4ed8; } .occluded { color: #c2410c; } .clipped { color: #b91c1c; } .other { color: #6b7280; }
        .none { color: #888; font-style: italic; }
        .delivery { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 16px; margin-bottom: 16px; }
        .delivery h2 { font-size: 18px; margin: 0 0 8px; } .delivery h3 { font-size: 15px; margin: 16px 0 4px; }
        .refused { color: #b91c1c; } code { font-size: 12px; }
        figure.overlay { margin: 0; } figure.overlay figcaption { color: #555; font-size: 12px; text-align: center; }
        .heatmaps { display: flex; flex-wrap: wrap; gap: 16px; } figure.heatmap { margin: 0; }
        figure.heatmap figcaption { color: #333; font-size: 13px; text-align: center; }
        </style></head><body>
        <h1>\(escape(title))</h1>
        <p class="summary">\(escape(summary))</p>

        """
        for line in details {
            html += "<p class=\"details\">\(escape(line))</p>\n"
        }
        html += heatmapSection()
        html += engagementSection()
        html += legend()
        if pictures.isEmpty {
            html += "<p class=\"none\">No scan produced events or changed what is visible.</p>\n"
        }
        for picture in pictures {
            html += section(for: picture)
        }
        html += deliverySection()
        html += "</body></html>\n"
        return html
    }

    // MARK: - Internal

    func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    // MARK: - Private

    /// Points drawn around the window, so views just scrolled out still show (dimmed).
    private static let margin: CGFloat = 160
    private static let scale: CGFloat = 0.5

    private enum Style {
        static let visible = "fill=\"rgba(37,99,235,0.35)\" stroke=\"#1d4ed8\" stroke-width=\"4\""
        static let occluded = "fill=\"rgba(234,88,12,0.18)\" stroke=\"#ea580c\" stroke-width=\"4\" stroke-dasharray=\"12 6\""
        static let clipped = "fill=\"none\" stroke=\"#dc2626\" stroke-width=\"3\" stroke-dasharray=\"3 5\""
        static let screenVisible = "fill=\"none\" stroke=\"#16a34a\" stroke-width=\"8\""
        static let screenHidden = "fill=\"none\" stroke=\"#9ca3af\" stroke-width=\"4\" stroke-dasharray=\"12 6\""
        static let event = "fill=\"none\" stroke=\"#facc15\" stroke-width=\"10\" stroke-opacity=\"0.9\""
    }

    private func legend() -> String {
        func swatch(_ style: String) -> String {
            "<svg width=\"28\" height=\"18\" viewBox=\"0 0 56 36\"><rect x=\"5\" y=\"5\" width=\"46\" height=\"26\" \(style)/></svg>"
        }
        let items = [
            (Style.screenVisible, "visible screen (its name in green)"),
            (Style.visible, "visible tracked element"),
            (Style.event, "recorded by this scan (screen view or impression)"),
            (Style.occluded, "occluded by an opaque view in front"),
            (Style.clipped, "clipped, scrolled out or below the ratio threshold"),
            (Style.screenHidden, "screen in the window but not visible"),
            ("fill=\"#e5e7eb\" stroke=\"#9ca3af\" stroke-width=\"2\"", "a view (its background colour); grey area: outside the window"),
        ]
        var html = "<div class=\"legend\">"
        for (style, text) in items {
            html += "<span>\(swatch(style))\(escape(text))</span>"
        }
        return html + "</div>\n"
    }

    private func section(for picture: ScanPicture) -> String {
        var html = "<section>\n" + svg(for: picture) + overlayFigure(for: picture) + "<div>\n"
        let screens = picture.visibleScreens
        html += "<h2>Scan #\(picture.scanNumber) · t = \(format(picture.time, digits: 3)) s · screen: "
            + "\(escape(screens.isEmpty ? "none" : screens.joined(separator: ", ")))</h2>\n"
        if let step = picture.step {
            html += "<p class=\"step\">Step \(escape(step.description)): \(escape(step.expectation))</p>\n"
        }
        html += "<p class=\"details\">scan took \(format(picture.scanDuration * 1000, digits: 3)) ms</p>\n"
        if picture.events.isEmpty {
            html += "<p class=\"none\">No events: the visible set changed.</p>\n"
        } else {
            html += "<table><tr><th>event</th><th>name</th><th>screen</th><th>visible</th></tr>\n"
            for event in picture.events {
                let screen = event.element == nil ? "" : event.screen.map { ScanPicture.name($0.screenName.rawValue, $0.identifier) } ?? "-"
                html += "<tr><td><b>\(escape(event.kind.rawValue))</b></td>"
                    + "<td>\(escape(ScanPicture.name(event.name, event.identifier)))</td>"
                    + "<td>\(escape(screen))</td><td>\(percent(event.visibleRatio))</td></tr>\n"
            }
            html += "</table>\n"
        }
        html += "<table><tr><th>tracked</th><th>verdict</th><th>visible</th></tr>\n"
        for entry in picture.tracked {
            html += "<tr class=\"\(cssClass(entry.verdict))\"><td>\(escape(ScanPicture.name(of: entry)))</td>"
                + "<td>\(escape(entry.verdict.rawValue))</td><td>\(percent(entry.visibleRatio))</td></tr>\n"
        }
        html += "</table>\n</div>\n</section>\n"
        return html
    }

    private func svg(for picture: ScanPicture) -> String {
        let window = picture.windowBounds
        let margin = Self.margin
        let canvas = CGRect(x: window.minX - 20, y: window.minY - margin, width: window.width + 40, height: window.height + 2 * margin)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(canvas.width * Self.scale))\" "
            + "height=\"\(Int(canvas.height * Self.scale))\" viewBox=\"\(number(canvas.minX)) \(number(canvas.minY)) "
            + "\(number(canvas.width)) \(number(canvas.height))\" font-family=\"sans-serif\">\n"
        svg += "<clipPath id=\"c\(picture.scanNumber)\"><rect \(attributes(canvas))/></clipPath>\n"
        svg += "<g clip-path=\"url(#c\(picture.scanNumber))\">\n"
        svg += "<rect \(attributes(canvas)) fill=\"#f3f4f6\"/>\n"
        svg += "<rect \(attributes(window)) fill=\"#fff\"/>\n"
        for box in picture.views where box.depth > 0 {
            svg += "<rect \(attributes(box.frame)) fill=\"\(fill(box.fill))\" stroke=\"#9ca3af\" stroke-width=\"1\"/>\n"
            if let text = box.text, !text.isEmpty {
                svg += "<text x=\"\(number(box.frame.minX + 8))\" y=\"\(number(box.frame.minY + min(box.frame.height, 40) / 2 + 7))\" "
                    + "font-size=\"18\" fill=\"#111\">\(escape(text))</text>\n"
            }
        }
        // Dim everything outside the window: the part a person cannot see.
        svg += "<path fill=\"rgba(0,0,0,0.28)\" fill-rule=\"evenodd\" d=\"M\(number(canvas.minX)) \(number(canvas.minY))"
            + "h\(number(canvas.width))v\(number(canvas.height))h-\(number(canvas.width))z M\(number(window.minX)) "
            + "\(number(window.minY))h\(number(window.width))v\(number(window.height))h-\(number(window.width))z\"/>\n"
        svg += "<rect \(attributes(window)) fill=\"none\" stroke=\"#111\" stroke-width=\"3\"/>\n"

        var tags = ""
        let recorded = Set(picture.events.map { ScanPicture.name($0.name, $0.identifier) + "|" + $0.kind.rawValue })
        for entry in picture.tracked where !entry.frame.isNull && entry.frame.width.isFinite && entry.frame.height.isFinite {
            let name = ScanPicture.name(of: entry)
            let frame = entry.frame
            let tooltip = "<title>\(escape(name)): \(entry.verdict.rawValue), \(percent(entry.visibleRatio)) visible</title>"
            switch entry.subject {
            case .screen:
                let inset = frame.insetBy(dx: 4, dy: 4)
                let style = entry.verdict == .visible ? Style.screenVisible : Style.screenHidden
                if recorded.contains(name + "|" + TrackingEventKind.screenView.rawValue) {
                    svg += "<rect \(attributes(inset)) \(Style.event)/>\n"
                }
                svg += "<rect \(attributes(inset)) \(style)>\(tooltip)</rect>\n"
                // A name tag at the screen's top-left corner, on white and drawn last so it reads over everything.
                let color = entry.verdict == .visible ? "#15803d" : "#6b7280"
                let tag = CGRect(x: inset.minX + 6, y: inset.minY + 6, width: CGFloat(name.count) * 14 + 16, height: 34)
                tags += "<rect \(attributes(tag)) fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"2\" rx=\"6\"/>\n"
                tags += "<text x=\"\(number(tag.minX + 8))\" y=\"\(number(tag.minY + 25))\" font-size=\"22\" "
                    + "font-weight=\"bold\" fill=\"\(color)\">\(escape(name))</text>\n"
            case .element:
                let style: String
                switch entry.verdict {
                case .visible: style = Style.visible
                case .occluded: style = Style.occluded
                case .clippedOrOffscreen, .belowThreshold: style = Style.clipped
                default: continue
                }
                if recorded.contains(name + "|" + TrackingEventKind.impression.rawValue) {
                    svg += "<rect \(attributes(frame)) \(Style.event)/>\n"
                }
                svg += "<rect \(attributes(frame)) \(style)>\(tooltip)</rect>\n"
            }
        }
        svg += tags + "</g></svg>\n"
        return svg
    }

    /// The opening of an SVG of the window at `scale`: its white ground and its views as boxes with their texts,
    /// the screen the overlay figure and the heatmap draw over (the caller adds its marks and closes the `<svg>`).
    /// `fontSize` is in window points; at a smaller scale, a larger size keeps the texts readable.
    func screenSVGOpening(
        window: CGRect, views: [ScanPicture.ViewBox], scale: CGFloat, fontFamily: String, fontSize: CGFloat, textColor: String
    ) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(window.width * scale))\" "
            + "height=\"\(Int(window.height * scale))\" viewBox=\"\(number(window.minX)) \(number(window.minY)) "
            + "\(number(window.width)) \(number(window.height))\" font-family=\"\(fontFamily)\">\n"
        svg += "<rect \(attributes(window)) fill=\"#fff\"/>\n"
        for box in views where box.depth > 0 {
            svg += "<rect \(attributes(box.frame)) fill=\"\(fill(box.fill))\" stroke=\"#d1d5db\" "
                + "stroke-width=\"\(number(0.5 / scale))\"/>\n"
            if let text = box.text, !text.isEmpty {
                let baseline = box.frame.minY + min(box.frame.height, 40) / 2 + fontSize * 0.4
                svg += "<text x=\"\(number(box.frame.minX + fontSize * 0.45))\" y=\"\(number(baseline))\" "
                    + "font-size=\"\(number(fontSize))\" fill=\"\(textColor)\">\(escape(text))</text>\n"
            }
        }
        return svg
    }

    func attributes(_ rect: CGRect) -> String {
        "x=\"\(number(rect.minX))\" y=\"\(number(rect.minY))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\""
    }

    func fill(_ rgba: [Double]?) -> String {
        guard let rgba, rgba.count == 4 else { return "none" }
        let channels = rgba.prefix(3).map { Int(($0 * 255).rounded()).clamped(to: 0...255) }
        return "rgba(\(channels[0]),\(channels[1]),\(channels[2]),\(format(rgba[3], digits: 2)))"
    }

    private func cssClass(_ verdict: VisibilityReport.Verdict) -> String {
        switch verdict {
        case .visible: "visible"
        case .occluded: "occluded"
        case .clippedOrOffscreen, .belowThreshold: "clipped"
        default: "other"
        }
    }

    func number(_ value: CGFloat) -> String {
        value.isFinite ? format(Double(value), digits: 1) : "0"
    }

    private func percent(_ ratio: Double) -> String {
        "\(Int((ratio * 100).rounded())) %"
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
