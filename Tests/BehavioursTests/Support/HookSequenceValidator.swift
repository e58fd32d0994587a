import XCTest

/// Checks that one behaviour's hooks, read from a log, follow the contract: `afterLoading` first and once;
/// `beforeAppearing` only when not (being) shown; `afterAppearing` only after `beforeAppearing`;
/// `beforeDisappearing` only when (being) shown; `afterDisappearing` only after `beforeDisappearing`;
/// layout hooks in pairs.
func assertWellFormedHooks(_ entries: [String], of name: String, file: StaticString = #filePath, line: UInt = #line) {
    enum Phase { case disappeared, appearing, appeared, disappearing }
    let prefix = "\(name)."
    let hooks = entries.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    var loaded = false
    var phase = Phase.disappeared
    var layingOut = false
    for (index, hook) in hooks.enumerated() {
        let context = "\(name) hook #\(index) \(hook) in \(hooks)"
        if hook != "afterLoading" {
            XCTAssertTrue(loaded, "before afterLoading: \(context)", file: file, line: line)
        }
        switch hook {
        case "afterLoading":
            XCTAssertFalse(loaded, "afterLoading twice: \(context)", file: file, line: line)
            loaded = true
        case "beforeAppearing":
            XCTAssertTrue(phase == .disappeared || phase == .disappearing, context, file: file, line: line)
            phase = .appearing
        case "afterAppearing":
            XCTAssertEqual(phase, .appearing, context, file: file, line: line)
            phase = .appeared
        case "beforeDisappearing":
            XCTAssertTrue(phase == .appearing || phase == .appeared, context, file: file, line: line)
            phase = .disappearing
        case "afterDisappearing":
            XCTAssertEqual(phase, .disappearing, context, file: file, line: line)
            phase = .disappeared
        case "beforeLayingOutSubviews":
            XCTAssertFalse(layingOut, context, file: file, line: line)
            layingOut = true
        case "afterLayingOutSubviews":
            XCTAssertTrue(layingOut, context, file: file, line: line)
            layingOut = false
        default:
            XCTFail("unknown hook: \(context)", file: file, line: line)
        }
    }
}
