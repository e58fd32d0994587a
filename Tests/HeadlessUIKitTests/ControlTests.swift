import XCTest
import HeadlessUIKit
import TestSupport

/// Controls other than buttons, tapped through the real touch path (docs/uikit-semantics/controls.md):
/// exact event sequences and the state each tap leaves.
final class ControlTests: HeadlessTestCase {
    // MARK: - Switch

    func testASwitchKeepsItsSizeAndATapFlipsItThenSendsValueChangedBeforeTouchUpInside() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
            XCTAssertEqual(toggle.frame, CGRect(x: 10, y: 20, width: 51, height: 31))
            let window = host(toggle)
            logControlEvents(of: toggle, as: "S", into: log)
            Headless.tap(toggle)
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(log.entries, ["S.touchDown", "S.valueChanged", "S.touchUpInside"])
            log.removeAll()
            toggle.setOn(false, animated: true)
            toggle.isOn = true
            XCTAssertEqual(log.entries, [], "setting the state from code sends nothing")
            Headless.tap(at: CGPoint(x: 35, y: 35), in: window)
            XCTAssertFalse(toggle.isOn)
            XCTAssertEqual(log.entries, ["S.touchDown", "S.valueChanged", "S.touchUpInside"])
        }
    }

    func testASwitchTouchThatLiftsOutsideChangesNothing() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 0, height: 0))
            let window = host(toggle)
            logControlEvents(of: toggle, as: "S", into: log)
            let finger = Headless.touchDown(at: CGPoint(x: 30, y: 30), in: window, timestamp: 1)
            finger.move(to: CGPoint(x: 300, y: 300), timestamp: 1.1)
            finger.lift(timestamp: 1.2)
            XCTAssertFalse(toggle.isOn)
            XCTAssertFalse(log.entries.contains("S.valueChanged"))
            XCTAssertEqual(log.entries.last, "S.touchUpOutside")
        }
    }

    // MARK: - Stepper

    func testAStepperStepsAtTouchDownByHalfClampsAndWraps() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let stepper = UIStepper(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertEqual(stepper.frame.size, CGSize(width: 94, height: 32))
            XCTAssertEqual([stepper.value, stepper.minimumValue, stepper.maximumValue, stepper.stepValue], [0, 0, 100, 1])
            let window = host(stepper)
            logControlEvents(of: stepper, as: "St", into: log)
            let plus = CGPoint(x: 80, y: 16), minus = CGPoint(x: 10, y: 16)

            let finger = Headless.touchDown(at: plus, in: window, timestamp: 1)
            XCTAssertEqual(stepper.value, 1, "the value changes at touch down")
            XCTAssertEqual(log.entries, ["St.touchDown", "St.valueChanged"])
            finger.lift(timestamp: 1.05)
            XCTAssertEqual(log.entries, ["St.touchDown", "St.valueChanged", "St.touchUpInside"])

            log.removeAll()
            Headless.tap(at: minus, in: window, timestamp: 2)
            Headless.tap(at: minus, in: window, timestamp: 3)
            XCTAssertEqual(stepper.value, 0, "clamped at the minimum")
            XCTAssertEqual(log.entries, ["St.touchDown", "St.valueChanged", "St.touchUpInside", "St.touchDown", "St.touchUpInside"],
                           "no value change at the minimum")

            stepper.wraps = true
            stepper.stepValue = 0
            XCTAssertEqual(stepper.stepValue, 1, "a step at or below 0 is ignored")
            Headless.tap(at: minus, in: window, timestamp: 4)
            XCTAssertEqual(stepper.value, 100, "wraps to the maximum")
            stepper.value = 500
            XCTAssertEqual(stepper.value, 100)
            stepper.minimumValue = 200
            XCTAssertEqual([stepper.minimumValue, stepper.maximumValue, stepper.value], [200, 200, 200])
        }
    }

    func testANonContinuousStepperSendsItsValueChangeAtTouchUp() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let stepper = UIStepper(frame: .zero)
            stepper.isContinuous = false
            let window = host(stepper)
            logControlEvents(of: stepper, as: "St", into: log)
            Headless.tap(at: CGPoint(x: 80, y: 16), in: window)
            XCTAssertEqual(log.entries, ["St.touchDown", "St.valueChanged", "St.touchUpInside"])
            XCTAssertEqual(stepper.value, 1)
        }
    }

    // MARK: - Slider

    func testASliderMovesOnlyWithItsThumbAndSendsAValueChangePerMove() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 30))
            let window = host(slider)
            logControlEvents(of: slider, as: "Sl", into: log)
            Headless.tap(at: CGPoint(x: 200, y: 15), in: window)
            XCTAssertEqual(slider.value, 0, "a tap on the track does not move the thumb")
            XCTAssertFalse(log.entries.contains("Sl.valueChanged"))

            log.removeAll()
            // The thumb sits at x 0...28 (value 0); travel is 200 points.
            let finger = Headless.touchDown(at: CGPoint(x: 14, y: 15), in: window, timestamp: 1)
            finger.move(to: CGPoint(x: 114, y: 15), timestamp: 1.1)
            XCTAssertEqual(slider.value, 0.5, accuracy: 1e-6)
            finger.move(to: CGPoint(x: 400, y: 15), timestamp: 1.2)
            XCTAssertEqual(slider.value, 1)
            finger.lift(timestamp: 1.3)
            XCTAssertEqual(log.entries.filter { $0 == "Sl.valueChanged" }.count, 2)
            XCTAssertEqual(log.entries.first, "Sl.touchDown")

            log.removeAll()
            slider.setValue(2, animated: false)
            XCTAssertEqual(slider.value, 1, "pinned to the maximum")
            slider.maximumValue = 0.25
            XCTAssertEqual(slider.value, 0.25, "the value follows a new maximum")
            XCTAssertEqual(log.entries, [])
        }
    }

    // MARK: - Segmented control

    func testASegmentedControlSelectsTheSegmentLiftedOnAndSendsValueChangedOnlyOnAChange() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let segments = UISegmentedControl(items: ["One", "Two", "Three"])
            XCTAssertEqual(segments.numberOfSegments, 3)
            XCTAssertEqual(segments.selectedSegmentIndex, UISegmentedControl.noSegment)
            XCTAssertEqual(segments.titleForSegment(at: 1), "Two")
            segments.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
            let window = host(segments)
            logControlEvents(of: segments, as: "Sg", into: log)
            Headless.tap(at: CGPoint(x: 150, y: 16), in: window)
            XCTAssertEqual(segments.selectedSegmentIndex, 1)
            XCTAssertEqual(log.entries, ["Sg.touchDown", "Sg.valueChanged", "Sg.touchUpInside"])

            log.removeAll()
            Headless.tap(at: CGPoint(x: 160, y: 16), in: window)
            XCTAssertEqual(log.entries, ["Sg.touchDown", "Sg.touchUpInside"], "the selected segment again: no change")

            log.removeAll()
            segments.setEnabled(false, forSegmentAt: 2)
            Headless.tap(at: CGPoint(x: 250, y: 16), in: window)
            XCTAssertEqual(segments.selectedSegmentIndex, 1, "a disabled segment is not selected")
            segments.selectedSegmentIndex = 0
            segments.selectedSegmentIndex = 7
            XCTAssertEqual(segments.selectedSegmentIndex, 0, "out of range is ignored")
            XCTAssertFalse(log.entries.contains("Sg.valueChanged"))
        }
    }

    // MARK: - Page control

    func testAPageControlMovesOnePageTowardTheSideTapped() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let pages = UIPageControl(frame: CGRect(x: 0, y: 0, width: 200, height: 26))
            pages.numberOfPages = 3
            let window = host(pages)
            logControlEvents(of: pages, as: "P", into: log)
            Headless.tap(at: CGPoint(x: 150, y: 13), in: window)
            Headless.tap(at: CGPoint(x: 150, y: 13), in: window)
            Headless.tap(at: CGPoint(x: 150, y: 13), in: window)
            XCTAssertEqual(pages.currentPage, 2)
            XCTAssertEqual(log.entries.filter { $0 == "P.valueChanged" }.count, 2, "none at the last page")
            Headless.tap(at: CGPoint(x: 20, y: 13), in: window)
            XCTAssertEqual(pages.currentPage, 1)
            pages.numberOfPages = 1
            XCTAssertEqual(pages.currentPage, 0, "pinned to the pages left")
        }
    }

    // MARK: - Text field, pickers

    func testATapOnATextFieldBeginsEditingOnce() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
            field.placeholder = "Name"
            XCTAssertNil(field.text)
            let window = host(field)
            logControlEvents(of: field, as: "F", into: log)
            Headless.tap(at: CGPoint(x: 100, y: 17), in: window)
            Headless.tap(at: CGPoint(x: 100, y: 17), in: window)
            XCTAssertTrue(field.isEditing)
            XCTAssertEqual(log.entries, ["F.touchDown", "F.editingDidBegin", "F.touchUpInside", "F.touchDown", "F.touchUpInside"])
        }
    }

    func testAPickerViewSelectsFromItsDataSourceAndADatePickerHoldsItsDate() {
        MainActor.assumeIsolated {
            final class Rows: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
                func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
                func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 3 : 0 }
            }
            let rows = Rows()
            let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
            XCTAssertEqual(picker.numberOfComponents, 0)
            picker.dataSource = rows
            picker.delegate = rows
            XCTAssertEqual(picker.numberOfComponents, 2)
            XCTAssertEqual(picker.selectedRow(inComponent: 0), 0)
            XCTAssertEqual(picker.selectedRow(inComponent: 1), -1, "no rows")
            picker.selectRow(2, inComponent: 0, animated: true)
            picker.selectRow(9, inComponent: 0, animated: true)
            XCTAssertEqual(picker.selectedRow(inComponent: 0), 2)
            XCTAssertNil(rows.pickerView(picker, titleForRow: 0, forComponent: 0))

            let datePicker = UIDatePicker(frame: .zero)
            let date = Date(timeIntervalSinceReferenceDate: 1_000)
            datePicker.setDate(date, animated: false)
            XCTAssertEqual(datePicker.date, date)
            XCTAssertEqual(datePicker.datePickerMode, .dateAndTime)
        }
    }

    // MARK: - Images

    func testAnImageViewTakesNoTouchesSizesToItsImageAndNamedImagesComeFromTheRegistry() {
        MainActor.assumeIsolated {
            XCTAssertNil(UIImage(named: "logo"))
            Headless.registerImage(Headless.image(size: CGSize(width: 40, height: 20), scale: 2), named: "logo")
            let logo = UIImage(named: "logo")
            XCTAssertEqual(logo?.size, CGSize(width: 40, height: 20))
            XCTAssertEqual(logo?.scale, 2)
            XCTAssertEqual(UIImage().size, .zero)

            let imageView = UIImageView(image: logo)
            XCTAssertEqual(imageView.frame, CGRect(x: 0, y: 0, width: 40, height: 20))
            XCTAssertFalse(imageView.isUserInteractionEnabled)
            XCTAssertTrue(imageView.image === logo)
            XCTAssertFalse(UIImageView(frame: .zero).isUserInteractionEnabled)
            // Every initializer is designated, as UIKit's header declares them: a subclass calls it.
            let pressed = Headless.image(size: CGSize(width: 40, height: 20))
            let badge = BadgeImageView(image: logo, pressed: pressed)
            XCTAssertEqual(badge.frame, CGRect(x: 0, y: 0, width: 40, height: 20))
            XCTAssertTrue(badge.image === logo)
            XCTAssertTrue(badge.highlightedImage === pressed)
            XCTAssertFalse(badge.isUserInteractionEnabled)
            XCTAssertEqual(PointImage().size, CGSize(width: 1, height: 1), "size is overridable, as in UIKit")
            Headless.reset()
            XCTAssertNil(UIImage(named: "logo"), "reset forgets registered images")
        }
    }

    func testAllControlEventsListsTheEventsWithActions() {
        MainActor.assumeIsolated {
            let button = UIButton(type: .system)
            XCTAssertEqual(button.allControlEvents, [])
            button.addAction(UIAction { _ in }, for: .touchUpInside)
            button.addAction(UIAction { _ in }, for: [.valueChanged, .editingDidBegin])
            XCTAssertEqual(button.allControlEvents, [.touchUpInside, .valueChanged, .editingDidBegin])
            XCTAssertEqual(UIControl.Event.allEditingEvents, [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit])
        }
    }
}

/// An image view subclass that calls UIKit's designated `init(image:highlightedImage:)`.
private final class BadgeImageView: UIImageView {
    init(image: UIImage?, pressed: UIImage?) {
        super.init(image: image, highlightedImage: pressed)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// An image that overrides UIKit's read-only `size`.
private final class PointImage: UIImage, @unchecked Sendable {
    override var size: CGSize { CGSize(width: 1, height: 1) }
}

/// Shows `control` in a new key window's root view.
@MainActor
private func host(_ control: UIView) -> UIWindow {
    let window = showInWindow(UIViewController())
    window.rootViewController?.view.addSubview(control)
    window.layoutIfNeeded()
    return window
}
