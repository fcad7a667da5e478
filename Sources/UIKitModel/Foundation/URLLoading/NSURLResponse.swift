import Runtime

extension ClassLibrary {
    /// `NSURLResponse` and `NSHTTPURLResponse`, as code that handles responses and tests that
    /// stand in for a network make them: a URL, a MIME type, a length, a text encoding; and an
    /// HTTP status code with header fields, read without regard to case, as HTTP's are. The
    /// model fetches nothing, so a response is only ever made by code.
    static func defineNSURLResponse(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        let response = try runtime.registerLazyClass(named: "NSURLResponse", superclass: root) { c in
            try c.addProperty(Property(name: "URL", type: .object(className: "NSURL"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "MIMEType", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "expectedContentLength", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "textEncodingName", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithURL:MIMEType:expectedContentLength:textEncodingName:", types: "@@:@@q@") { m in
                let (url, type, length, encoding) = (m[0], m[1], m[2], m[3])
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_URL": url, "_MIMEType": type, "_expectedContentLength": length, "_textEncodingName": encoding])
                }
            }
            // The last part of the URL's path, as Foundation suggests it for a download.
            try c.addMethod("suggestedFilename", types: "@@:") { m in
                guard let url = try m.ivar("_URL").object, case .string(let name) = try m.send("lastPathComponent", to: url), !name.isEmpty, name != "/" else {
                    return .string("Unknown")
                }
                return .string(name)
            }
        }
        try runtime.registerLazyClass(named: "NSHTTPURLResponse", superclass: response) { c in
            try c.addProperty(Property(name: "statusCode", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "allHeaderFields", type: .object(className: "NSDictionary"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithURL:statusCode:HTTPVersion:headerFields:", types: "@@:@q@@") { m in
                let (url, status) = (m[0], m[1])
                let fields = m[3] == .nil ? [:] : try m.dictionaryArgument(3)
                // The MIME type is the Content-Type's, without its parameters.
                let contentType = fields.first { $0.key.text?.lowercased() == "content-type" }?.value.text
                let mime = contentType.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_URL": url, "_statusCode": status, "_allHeaderFields": .dictionary(fields), "_MIMEType": mime.map(Value.string) ?? .nil,
                        "_expectedContentLength": .int(-1),
                    ])
                }
            }
            try c.addMethod("valueForHTTPHeaderField:", types: "@@:@") { m in
                let wanted = try m.stringArgument(0).lowercased()
                guard case .dictionary(let fields) = try m.ivar("_allHeaderFields") else { return .nil }
                return fields.first { $0.key.text?.lowercased() == wanted }?.value ?? .nil
            }
            try c.addClassMethod("localizedStringForStatusCode:", types: "@@:q") { m in
                .string(httpStatusPhrases[try m.integerArgument(0)] ?? "server error")
            }
        }
    }

    /// The phrases Foundation gives for the common HTTP status codes, lowercased as it gives them.
    static let httpStatusPhrases: [Int: String] = [
        200: "no error", 201: "created", 202: "accepted", 204: "no content", 301: "moved permanently", 302: "found", 304: "not modified",
        400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found", 405: "method not allowed", 408: "request timed out",
        409: "conflict", 410: "no longer exists", 422: "unprocessable entity", 429: "too many requests", 500: "internal server error",
        502: "bad gateway", 503: "service unavailable", 504: "gateway timed out",
    ]
}
