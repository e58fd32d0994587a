import Foundation

/// A font, reduced to its size: HeadlessUIKit lays out and draws no text.
open class UIFont: NSObject, @unchecked Sendable {
    /// The font's size, in points.
    open var pointSize: CGFloat { size }

    /// The system font at `fontSize` points.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(size: fontSize)
    }

    /// The bold system font at `fontSize` points.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(size: fontSize)
    }

    /// The size of standard labels (17 points).
    open class var labelFontSize: CGFloat { 17 }

    // MARK: - Private

    private let size: CGFloat

    private init(size: CGFloat) {
        self.size = size
        super.init()
    }
}
