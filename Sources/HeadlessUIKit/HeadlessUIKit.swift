// `import UIKit` brings Foundation with it; so must its stand-in, or UIKit code that names `NSCoder`,
// `CGRect` or `Notification` without importing Foundation would not compile here.
@_exported import Foundation
