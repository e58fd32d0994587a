import Foundation

/// A view that shows text (HeadlessUIKit lays out and draws none).
@MainActor
open class UILabel: UIView {
    /// The text.
    open var text: String?
    /// The text colour.
    open var textColor: UIColor! = .label
    /// The maximum number of lines; 0 for no limit.
    open var numberOfLines = 1
    /// How the text lines up: ``NSTextAlignment/natural`` by default.
    open var textAlignment: NSTextAlignment = .natural
    /// The font of the text: the 17-point system font by default.
    open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize)

    /// Labels are not user-interactive by default, as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Creates a label from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }
}
