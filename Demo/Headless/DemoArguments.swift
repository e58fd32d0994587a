import Foundation

/// The demo's command line: `swift run Demo [--report <path>]`.
struct DemoArguments {
    // MARK: - Internal

    /// Where the HTML report goes.
    var reportURL: URL

    /// Parses `arguments` (without the program name); `nil` with a message for anything it does not know.
    static func parse(_ arguments: [String]) -> Result<DemoArguments, UsageError> {
        var parsed = DemoArguments(
            reportURL: FileManager.default.temporaryDirectory.appendingPathComponent("sightline-demo-report.html")
        )
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--report":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    return .failure(UsageError(message: "--report needs a file path"))
                }
                parsed.reportURL = URL(fileURLWithPath: path)
            case "-h", "--help":
                return .failure(UsageError(message: nil))
            default:
                return .failure(UsageError(message: "unknown argument \(argument)"))
            }
        }
        return .success(parsed)
    }

    /// A bad command line, or a request for help.
    struct UsageError: Error {
        var message: String?
        static let usage = "usage: swift run Demo [--report <path.html>]"
    }
}
