import Foundation

/// Size limits of the Segment HTTP Tracking API batch method, with a margin.
///
/// Segment documents 32 KB per message and 500 KB per batch request and answers 400 beyond them; the
/// defaults stay under both whether "KB" means 1,000 or 1,024 bytes.
/// https://segment.com/docs/connections/sources/catalog/libraries/server/http-api/#max-request-size
package struct WireLimits: Sendable, Equatable {
    /// Largest encoded message; larger ones are dropped with a diagnostic.
    package var maximumMessageBytes = 32_000
    /// Largest request body (uncompressed), the `{"batch":[…],"sentAt":…}` wrapper included.
    package var maximumRequestBytes = 500_000
    /// Most messages in one batch.
    package var maximumMessageCount = 1_000

    package init() {}
}
