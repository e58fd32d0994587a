import Foundation

/// Runs `body` in an autorelease pool where Objective-C has one, so that objects it created and dropped are
/// released when it returns (on Linux, plain scope exit does that already).
@MainActor
func releasingScope(_ body: () -> Void) {
    #if canImport(ObjectiveC)
    autoreleasepool(invoking: body)
    #else
    body()
    #endif
}
