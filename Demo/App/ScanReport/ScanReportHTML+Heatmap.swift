import Foundation
import Tracking

extension ScanReportHTML {
    // MARK: - Internal

    /// The "Taps by screen" section: per tapped screen, its picture with a heat blob per tap, a red ring per
    /// rage tap and a grey cross per dead tap, where the finger landed. Empty without heatmaps.
    func heatmapSection() -> String {
        guard !heatmaps.isEmpty else { return "" }
        var html = "<div class=\"delivery\"><h2>Taps by screen</h2>\n<div class=\"legend\">"
            + "<span>\(tapSwatch(.tap))tap (Element Tapped): overlapping taps add up to a hotter spot</span>"
            + "<span>\(tapSwatch(.rageTap))rage tap</span><span>\(tapSwatch(.deadTap))dead tap (nothing visible changed)</span>"
            + "</div>\n<div class=\"heatmaps\">\n"
        for heatmap in heatmaps {
            let counts = [TrackingEventKind.tap, .rageTap, .deadTap].map { heatmap.count(of: $0) }
            html += "<figure class=\"heatmap\">\(heatmapSVG(heatmap))<figcaption><b>\(escape(heatmap.screen))</b>: "
                + "\(counts[0]) \(counts[0] == 1 ? "tap" : "taps"), \(counts[1]) rage, \(counts[2]) dead</figcaption></figure>\n"
        }
        return html + "</div></div>\n"
    }

    // MARK: - Private

    private func heatmapSVG(_ heatmap: TapHeatmap) -> String {
        let window = heatmap.windowBounds
        var svg = screenSVGOpening(
            window: window, views: heatmap.views, scale: 0.5, fontFamily: "sans-serif", fontSize: 18, textColor: "#6b7280"
        )
        // Fade the screen so the marks read over it.
        svg += "<rect \(attributes(window)) fill=\"rgba(255,255,255,0.45)\"/>\n"
        for mark in heatmap.marks where mark.kind == .tap {
            svg += self.mark(mark)
        }
        for mark in heatmap.marks where mark.kind != .tap {
            svg += self.mark(mark)
        }
        svg += "<rect \(attributes(window)) fill=\"none\" stroke=\"#111\" stroke-width=\"3\"/>\n</svg>"
        return svg
    }

    private func mark(_ mark: TapHeatmap.Mark) -> String {
        let x = number(mark.point.x), y = number(mark.point.y)
        let title = "<title>\(escape(mark.kind.rawValue)) \(escape(mark.element)) at (\(x), \(y))</title>"
        switch mark.kind {
        case .rageTap:
            return "<g>\(title)<circle cx=\"\(x)\" cy=\"\(y)\" r=\"44\" fill=\"none\" stroke=\"#dc2626\" stroke-width=\"7\"/>"
                + "<text x=\"\(number(mark.point.x + 50))\" y=\"\(number(mark.point.y - 30))\" font-size=\"24\" font-weight=\"bold\" "
                + "fill=\"#dc2626\">rage\(mark.tapCount.map { " ×\($0)" } ?? "")</text></g>\n"
        case .deadTap:
            let d: CGFloat = 22
            return "<g>\(title)<circle cx=\"\(x)\" cy=\"\(y)\" r=\"36\" fill=\"rgba(55,65,81,0.15)\" stroke=\"#374151\" "
                + "stroke-width=\"4\" stroke-dasharray=\"8 6\"/>"
                + "<path d=\"M\(number(mark.point.x - d)) \(number(mark.point.y - d))L\(number(mark.point.x + d)) \(number(mark.point.y + d))"
                + "M\(number(mark.point.x + d)) \(number(mark.point.y - d))L\(number(mark.point.x - d)) \(number(mark.point.y + d))\" "
                + "stroke=\"#374151\" stroke-width=\"7\" stroke-linecap=\"round\"/>"
                + "<text x=\"\(number(mark.point.x + 42))\" y=\"\(number(mark.point.y + 46))\" font-size=\"24\" font-weight=\"bold\" "
                + "fill=\"#374151\">dead</text></g>\n"
        default:
            return "<g>\(title)<circle cx=\"\(x)\" cy=\"\(y)\" r=\"30\" fill=\"rgba(249,115,22,0.28)\"/>"
                + "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"12\" fill=\"rgba(220,38,38,0.45)\"/></g>\n"
        }
    }

    private func tapSwatch(_ kind: TrackingEventKind) -> String {
        let mark = TapHeatmap.Mark(kind: kind, point: CGPoint(x: 60, y: 50), element: "", tapCount: nil)
        var drawn = self.mark(mark)
        // The swatch shows the shape only.
        if let range = drawn.range(of: "<text") { drawn = String(drawn[..<range.lowerBound]) + "</g>\n" }
        return "<svg width=\"40\" height=\"34\" viewBox=\"0 0 120 100\">\(drawn)</svg>"
    }
}
