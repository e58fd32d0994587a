// The deep-link scrubber's cost at the 16 KB limit: run with Benchmarks/DeepLinkScrubbing/run.sh (release,
// compiled together with the scrubbing sources, so the internal types are measured directly).
import Foundation

@inline(never) func measure(_ name: String, _ runs: Int = 200, _ body: () -> Int) {
    var times: [Double] = []
    var sink = 0
    for _ in 0..<20 { sink &+= body() }
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    print(String(format: "%@: median %.3f ms, p90 %.3f ms (%d)", name, times[times.count / 2], times[times.count * 9 / 10], sink % 7))
}

let limit = DeepLinkURL.maximumLength
func fill(_ prefix: String, _ unit: String) -> String {
    var s = prefix
    while s.utf8.count + unit.utf8.count <= limit { s += unit }
    return s
}
let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTQyIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r"
let query = fill("https://127.0.0.1/item/42?", "utm_source=newsletter&access_token=abc123&tab=reviews&")
let pathMix = fill("https://127.0.0.1", "/products/42/reviews/post-17/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b/items;session=abc;color=red/\(jwt)/Xk3v9QpL_r2TzW8yBn-5HdJc7MfA0sEu")
let oneSegmentHex = fill("https://127.0.0.1/", "3f2504e0-4f89-11d3-9a0c-0305e82c330")  // near-UUIDs: the window check's worst case
let oneSegmentWords = fill("https://127.0.0.1/", "swift-concurrency-")
let matrix = fill("https://127.0.0.1/items", ";color=red;access_token=x;size=9")
let half = fill("https://127.0.0.1", "/a/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b")
let both = half + "?" + String(repeating: "tab=1&token=x&", count: (limit - half.utf8.count - 1) / 14)
let strict = DeepLinkPathPolicy.keepingOnly(["/products/:id/reviews"], secretTemplates: ["/invite/:code", "/reset-password/:token"])
let templated = DeepLinkPathPolicy.redactingSecrets(secretTemplates: (0..<20).map { "/invite\($0)/:code" }, keptTemplates: (0..<20).map { "/builds\($0)/:sha" })

for (name, link, pathPolicy) in [
    ("whole link, query only", query, DeepLinkPathPolicy.default),
    ("path: mixed segments", pathMix, .default),
    ("path: mixed segments, 40 templates", pathMix, templated),
    ("path: mixed segments, strict", pathMix, strict),
    ("path: one segment of near-UUIDs", oneSegmentHex, .default),
    ("path: one segment of words", oneSegmentWords, .default),
    ("path: one segment of matrix parameters", matrix, .default),
    ("path and query, half each", both, .default),
] {
    precondition(link.utf8.count <= limit && link.utf8.count > limit - 200, "\(name) \(link.utf8.count)")
    measure("\(name) [\(link.utf8.count) B]") {
        switch DeepLinkURL.cleaned(link, policy: .default, pathPolicy: pathPolicy) {
        case .success(let url): url.string.utf8.count
        case .failure: -1
        }
    }
}

// The scrubbers alone, on their part's bytes.
let queryBytes = Array(String(query.split(separator: "?", maxSplits: 1)[1]).utf8)
let queryScrubber = DeepLinkQueryScrubber(policy: .default)
measure("query scrubber alone [\(queryBytes.count) B]") { queryScrubber.scrubbed(queryBytes).count }
for (name, link) in [("mixed segments", pathMix), ("near-UUIDs", oneSegmentHex), ("words", oneSegmentWords), ("matrix", matrix)] {
    let path = Array(URLComponents(string: link)!.percentEncodedPath.utf8)
    let scrubber = DeepLinkPathScrubber(policy: .default, query: queryScrubber)
    measure("path scrubber alone, \(name) [\(path.count) B]") { scrubber.scrubbed(path, host: nil).count }
}

// Linear: 64 times the bytes, about 64 times the time (the scrubber alone has no length limit of its own).
let megabytePath = Array(String(repeating: String(decoding: Array(URLComponents(string: pathMix)!.percentEncodedPath.utf8), as: UTF8.self), count: 64).utf8)
let megabyteScrubber = DeepLinkPathScrubber(policy: .default, query: queryScrubber)
measure("path scrubber alone, mixed segments [\(megabytePath.count) B]", 20) { megabyteScrubber.scrubbed(megabytePath, host: nil).count }
