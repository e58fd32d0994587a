import Tracking

/// A configuration whose before-send hooks redact, enrich and sample every event before any sink.
// Snippet: before-send
func redactingConfiguration() -> TrackingConfiguration {
    var configuration = TrackingConfiguration()
    configuration.beforeSend = [
        { event in                                                  // redaction and enrichment
            var event = event
            event.eventProperties["email"] = nil
            event.eventProperties["app_variant"] = "beta"
            return event
        },
        { event in                                                  // sampling: a tenth of impressions
            event.kind == .impression && Int.random(in: 0..<10) != 0 ? nil : event
        },
    ]
    return configuration
}
// Snippet end
