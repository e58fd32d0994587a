import Foundation

extension [WireJSONMember] {
    // MARK: - Internal

    /// A context as Segment's `context` object: `library`, `app`, `device`, `os`, `screen`, `locale`,
    /// `timezone`, with Segment's key names (the same as ``TrackingContext``'s `Codable` form).
    package init(_ context: TrackingContext) {
        self = [
            WireJSONMember("library", .object([
                WireJSONMember("name", .string(context.library.name)),
                WireJSONMember("version", .string(context.library.version)),
            ])),
            WireJSONMember("app", .object([
                WireJSONMember("name", .string(context.app.name)),
                WireJSONMember("version", .string(context.app.version)),
                WireJSONMember("build", .string(context.app.build)),
                WireJSONMember("namespace", .string(context.app.namespace)),
            ])),
            WireJSONMember("device", .object([
                WireJSONMember("manufacturer", .string(context.device.manufacturer)),
                WireJSONMember("model", .string(context.device.model)),
                WireJSONMember("name", .string(context.device.name)),
                WireJSONMember("type", .string(context.device.type)),
            ])),
            WireJSONMember("os", .object([
                WireJSONMember("name", .string(context.os.name)),
                WireJSONMember("version", .string(context.os.version)),
            ])),
            WireJSONMember("screen", .object([
                WireJSONMember("width", .double(context.screen.width)),
                WireJSONMember("height", .double(context.screen.height)),
                WireJSONMember("density", .double(context.screen.density)),
            ])),
            WireJSONMember("locale", .string(context.locale)),
            WireJSONMember("timezone", .string(context.timezone)),
        ]
    }
}
