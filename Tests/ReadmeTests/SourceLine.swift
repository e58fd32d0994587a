/// One line of text and where it is: the file (relative to the package root) and its 1-based line number.
struct SourceLine: Equatable {
    var file: String
    var number: Int
    var text: String

    /// `file:number`, as compilers print locations.
    var location: String { "\(file):\(number)" }
}
