import Foundation

/// The app delegate's protocol. HeadlessUIKit calls none of its methods: headless apps start from their
/// own entry point.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {}
