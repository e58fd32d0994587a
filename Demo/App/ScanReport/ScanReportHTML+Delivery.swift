import Foundation

extension ScanReportHTML {
    // MARK: - Internal

    /// The delivery section: one table per upload request (number, status, messages, bytes) listing each
    /// message's type, name and id; empty when there is nothing to say.
    func deliverySection() -> String {
        guard deliveryNote != nil || !batches.isEmpty else { return "" }
        var html = "<div class=\"delivery\" id=\"delivery\">\n<h2>Delivery: \(batches.count) "
            + "\(batches.count == 1 ? "request" : "requests")</h2>\n"
        if let deliveryNote {
            html += "<p class=\"details\">\(escape(deliveryNote))</p>\n"
        }
        if !batches.isEmpty {
            html += "<p class=\"details\">Delivered: \(escape(batches.deliveredMessages.kindSummary)).</p>\n"
        }
        if batches.isEmpty {
            html += "<p class=\"none\">No batch was sent.</p>\n"
        }
        for batch in batches {
            let status = batch.status.map { "HTTP \($0)" } ?? "no answer"
            html += "<h3 class=\"\(batch.isDelivered ? "" : "refused")\">Request \(batch.requestNumber) · \(status) · "
                + "\(batch.messages.count) \(batch.messages.count == 1 ? "message" : "messages") · "
                + "\(batch.bodyBytes) bytes of JSON\(batch.wireBytes.map { ", \($0) on the wire" } ?? "")</h3>\n"
            html += "<table><tr><th>#</th><th>type</th><th>name</th><th>about</th><th>messageId</th></tr>\n"
            for (index, message) in batch.messages.enumerated() {
                html += "<tr><td>\(index + 1)</td><td><b>\(escape(message.type))</b></td><td>\(escape(message.name))</td>"
                    + "<td>\(escape(message.subject ?? ""))</td><td><code>\(escape(message.messageId))</code></td></tr>\n"
            }
            html += "</table>\n"
        }
        return html + "</div>\n"
    }
}
