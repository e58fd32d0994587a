#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

extension ScanReportHTML {
    // MARK: - Internal

    /// The phone's screen as a QA engineer sees it with `Tracker.showsDebugOverlay` on: the window's views,
    /// then the overlay's outlines, captions and badge drawn from its own views (border colours, label
    /// texts, colours and sizes), at full size so that the captions read. Empty when the overlay was off.
    func overlayFigure(for picture: ScanPicture) -> String {
        guard !picture.overlay.isEmpty else { return "" }
        let window = picture.windowBounds
        var svg = "<figure class=\"overlay\">" + screenSVGOpening(
            window: window, views: picture.views, scale: Self.overlayScale,
            fontFamily: "-apple-system, system-ui, sans-serif", fontSize: 13, textColor: "#374151"
        )
        for box in picture.overlay {
            let fillColor = fill(box.fill)
            if box.border != nil || fillColor != "none" {
                let stroke = box.border.map { "stroke=\"\(fill($0))\" stroke-width=\"\(format(box.borderWidth, digits: 1))\"" } ?? ""
                svg += "<rect \(attributes(box.frame)) fill=\"\(fillColor)\" \(stroke)/>\n"
            }
            if let text = box.text, !text.isEmpty {
                let size = box.fontSize ?? 10
                let color = box.textColor.map { fill($0) } ?? "#fff"
                svg += "<text x=\"\(number(box.frame.minX + 4))\" y=\"\(number(box.frame.minY + 2))\" font-size=\"\(format(size, digits: 0))\" "
                    + "fill=\"\(color)\">"
                for (index, line) in text.components(separatedBy: "\n").enumerated() {
                    svg += "<tspan x=\"\(number(box.frame.minX + 4))\" dy=\"\(format(size * (index == 0 ? 1.05 : 1.3), digits: 1))\">"
                        + "\(escape(line))</tspan>"
                }
                svg += "</text>\n"
            }
        }
        svg += "<rect \(attributes(window)) fill=\"none\" stroke=\"#111\" stroke-width=\"3\"/>\n"
        return svg + "</svg><figcaption>On the phone, with the debug overlay</figcaption></figure>\n"
    }

    // MARK: - Private

    private static var overlayScale: CGFloat { 1 }
}
