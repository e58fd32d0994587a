import XCTest
import HeadlessUIKit

/// UIKIT-SEMANTICS 38: `UIDevice.current` and the main screen, as UIKit reports them on an iPhone.
final class DeviceTests: XCTestCase {
    func testCurrentDeviceDescribesAnIPhone() {
        MainActor.assumeIsolated {
            let device = UIDevice.current
            XCTAssertTrue(device === UIDevice.current)
            XCTAssertEqual(device.systemName, "iOS")
            XCTAssertEqual(device.model, "iPhone")
            XCTAssertEqual(device.localizedModel, "iPhone")
            XCTAssertEqual(device.name, "iPhone")
            XCTAssertEqual(device.userInterfaceIdiom, .phone)
            XCTAssertEqual(UIUserInterfaceIdiom.unspecified.rawValue, -1)
            XCTAssertEqual(UIUserInterfaceIdiom.mac.rawValue, 5)
            let parts = device.systemVersion.split(separator: ".")
            XCTAssertGreaterThanOrEqual(parts.count, 2)
            XCTAssertTrue(parts.allSatisfy { Int($0) != nil }, device.systemVersion)
        }
    }

    func testIdentifierForVendorIsStableWithinTheProcess() {
        MainActor.assumeIsolated {
            let first: UUID? = UIDevice.current.identifierForVendor
            XCTAssertNotNil(first)
            XCTAssertEqual(first, UIDevice.current.identifierForVendor)
        }
    }

    func testMainScreenHasPointBoundsAndAScale() {
        MainActor.assumeIsolated {
            XCTAssertEqual(UIScreen.main.bounds.size, CGSize(width: 390, height: 844))
            XCTAssertEqual(UIScreen.main.scale, 3)
        }
    }
}
