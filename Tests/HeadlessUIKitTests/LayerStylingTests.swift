import XCTest
import HeadlessUIKit

/// `UIView.layer` border styling, `CGColor` and `UIFont`, as UIKit, Core Animation and Core Graphics define
/// them: written as on iOS, with their documented defaults.
final class LayerStylingTests: XCTestCase {
    func testEveryViewHasOneLayerWithCoreAnimationsBorderDefaults() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertTrue(view.layer === view.layer)
            XCTAssertEqual(view.layer.borderWidth, 0)
            XCTAssertEqual(view.layer.cornerRadius, 0)
            XCTAssertEqual(view.layer.borderColor?.components, [0, 0, 0, 1])

            view.layer.borderColor = UIColor.systemRed.cgColor
            view.layer.borderWidth = 2
            view.layer.cornerRadius = 4
            XCTAssertEqual(UIColor(cgColor: view.layer.borderColor!), .systemRed)
            XCTAssertEqual(view.layer.borderWidth, 2)
            XCTAssertEqual(view.layer.cornerRadius, 4)
            XCTAssertNotIdentical(UIView().layer, view.layer)
        }
    }

    func testColorsRoundTripThroughCoreGraphics() {
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        XCTAssertEqual(color.numberOfComponents, 4)
        XCTAssertEqual(color.alpha, 0.5)
        XCTAssertEqual(UIColor(cgColor: color), UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
        XCTAssertEqual(UIColor(white: 0.5, alpha: 1).cgColor.components, [0.5, 0.5, 0.5, 1])
    }

    func testLabelsUseTheSystemFontAtTheLabelSizeUnlessGivenAnother() {
        MainActor.assumeIsolated {
            let label = UILabel()
            XCTAssertEqual(label.font.pointSize, UIFont.labelFontSize)
            XCTAssertEqual(UIFont.labelFontSize, 17)
            label.font = .systemFont(ofSize: 11)
            XCTAssertEqual(label.font.pointSize, 11)
            XCTAssertEqual(UIFont.boldSystemFont(ofSize: 13).pointSize, 13)
        }
    }
}
