import Foundation
import Runtime

extension ClassLibrary {
    /// The names of the stream classes the library defines.
    static let streamClassNames = ["NSInputStream", "NSOutputStream", "NSStream"]

    /// `NSStream`, `NSInputStream` and `NSOutputStream`: bytes read from data, a file or a
    /// file URL, and written to memory or to a file in the app's container. A stream is
    /// opened, read or written, and closed, with Foundation's statuses
    /// (`NSStreamStatusNotOpen` 0 … `NSStreamStatusError` 7). A stream scheduled in the run
    /// loop tells its delegate (`stream:handleEvent:`) as Foundation's does: opened, bytes
    /// available after each read while any are left, then the end.
    static func defineStreams(in runtime: Runtime, root: Class, container: AppContainer, clock: VirtualClock) throws {
        let initialize = try runtime.selector("init")
        let (notOpen, open, atEnd, closed, failed) = (0, 2, 5, 6, 7)
        let (opened, bytesAvailable, spaceAvailable, errorOccurred, endEncountered) = (1, 2, 4, 8, 16)

        /// Tells the stream's delegate of `event` on the clock's next turn, if the stream is
        /// scheduled in the run loop.
        @Sendable func post(_ event: Int, _ stream: Object, _ runtime: Runtime) throws {
            guard try runtime.ivarValue("_scheduled", of: stream).isTruthy else { return }
            clock.schedule(after: 0, kind: .block) {
                let delegate: Value = try runtime.ivarValue("_delegate", of: stream)
                _ = try ClassLibrary.tell(delegate.object, "stream:handleEvent:", [.object(stream), .int(event)], in: runtime)
            }
        }
        @Sendable func fail(_ stream: Object, code: Int, _ runtime: Runtime) throws {
            let error = try runtime.send(
                "errorWithDomain:code:userInfo:", to: runtime.requireClass(named: "NSError"), .string("NSPOSIXErrorDomain"), .int(code), .nil)
            try runtime.setIvars(of: stream, ["_streamStatus": .int(failed), "_streamError": error])
            try post(errorOccurred, stream, runtime)
        }

        let stream = try runtime.registerLazyClass(named: "NSStream", superclass: root) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak]))
            try c.addProperty(Property(name: "streamStatus", type: .integer(code: "Q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "streamError", type: .object(className: "NSError"), attributes: [.readOnly, .copy]))
            try c.addIvar("_scheduled", type: .bool)
            try c.addIvar("_properties", type: .object(className: "NSDictionary"))
            // The file a file stream reads or writes.
            try c.addIvar("_path", type: .object(className: "NSString"))
            try c.addMethod("close", types: "v@:") { m in
                try m.setIvar("_streamStatus", .int(closed))
                return .nil
            }
            // One run loop runs all the model's work; which one a stream is scheduled in changes nothing.
            try c.addMethod("scheduleInRunLoop:forMode:", types: "v@:@@") { m in
                try m.setIvar("_scheduled", true)
                return .nil
            }
            try c.addMethod("removeFromRunLoop:forMode:", types: "v@:@@") { m in
                try m.setIvar("_scheduled", false)
                return .nil
            }
            try c.addMethod("propertyForKey:", types: "@@:@") { m in
                guard case .dictionary(let properties) = try m.ivar("_properties") else { return .nil }
                return properties[.string(try m.stringArgument(0))] ?? .nil
            }
            try c.addMethod("setProperty:forKey:", types: "B@:@@") { m in
                var properties = if case .dictionary(let kept) = try m.ivar("_properties") { kept } else { [Value: Value]() }
                properties[.string(try m.stringArgument(1))] = m[0] == .nil ? nil : m[0]
                try m.setIvar("_properties", .dictionary(properties))
                return true
            }
        }

        try runtime.registerLazyClass(named: "NSInputStream", superclass: stream) { c in
            try c.addIvar("_bytes", type: .object(className: "NSArray"))
            try c.addIvar("_offset", type: .integer(code: "q"))
            try c.addMethod("initWithData:", types: "@@:@") { m in
                let bytes = try DataBytes.argument(m, 0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_bytes", of: this, to: .array(bytes)) }
            }
            try c.addMethod("initWithFileAtPath:", types: "@@:@") { m in
                let path = try m.stringArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_path", of: this, to: .string(path)) }
            }
            // A URL stream reads a file; Foundation answers nil for other schemes' URLs.
            try c.addMethod("initWithURL:", types: "@@:@") { m in
                guard let url = try m.objectArgument(0), try m.send("isFileURL", to: url).isTruthy, let path = try m.send("path", to: url).text else { return .nil }
                return try m.send("initWithFileAtPath:", to: m.receiver, .string(path))
            }
            for (factory, initializer) in [("inputStreamWithData:", "initWithData:"), ("inputStreamWithFileAtPath:", "initWithFileAtPath:"), ("inputStreamWithURL:", "initWithURL:")] {
                let selector = try c.runtime.selector(initializer)
                try c.addClassMethod(factory, types: "@@:@") { m in try m.allocInit(selector, Arguments(m[0])) }
            }
            try c.addMethod("open", types: "v@:") { m in
                guard try m.ivar("_streamStatus").intValue == notOpen else { return .nil }
                if case .string(let path) = try m.ivar("_path") {
                    switch FileContents.bytes(at: path, in: container) {
                    case .success(let bytes): try m.setIvar("_bytes", .array(bytes.map { .int(Int($0)) }))
                    case .failure(let failure):
                        try fail(m.receiver, code: failure == .noPermission ? Int(EACCES) : Int(ENOENT), m.runtime)
                        return .nil
                    }
                }
                try m.setIvar("_streamStatus", .int(open))
                try post(opened, m.receiver, m.runtime)
                if try !m.ivar("_bytes").arrayElements.isEmpty { try post(bytesAvailable, m.receiver, m.runtime) } else { try post(endEncountered, m.receiver, m.runtime) }
                return .nil
            }
            try c.addMethod("hasBytesAvailable", types: "B@:") { m in
                guard try m.ivar("_streamStatus").intValue == open else { return false }
                return .bool((try m.ivar("_offset").intValue ?? 0) < (try m.ivar("_bytes").arrayElements.count))
            }
            // Up to `maxLength` bytes into the buffer: how many, 0 at the end (which the status
            // then says), -1 when the stream is not open.
            try c.addMethod("read:maxLength:", types: "q@:^CQ") { m in
                guard try m.ivar("_streamStatus").intValue == open else { return .int(try m.ivar("_streamStatus").intValue == atEnd ? 0 : -1) }
                let bytes = try m.ivar("_bytes").arrayElements, offset = try m.ivar("_offset").intValue ?? 0
                let count = min(max(0, try m.integerArgument(1)), bytes.count - offset)
                guard count > 0 else {
                    try m.setIvar("_streamStatus", .int(atEnd))
                    return .int(0)
                }
                try m.bufferArgument(0).write(Array(bytes[offset..<offset + count]))
                try m.setIvar("_offset", .int(offset + count))
                try post(offset + count < bytes.count ? bytesAvailable : endEncountered, m.receiver, m.runtime)
                return .int(count)
            }
            // The model's streams keep no buffer of their own to lend.
            try c.addMethod("getBuffer:length:", types: "B@:^*^Q") { _ in false }
            // The read position, which a reader may move (to skip a header, say) before or while reading.
            try c.addMethod("propertyForKey:", types: "@@:@") { m in
                if try m.stringArgument(0) == "NSStreamFileCurrentOffsetKey" { return .int(try m.ivar("_offset").intValue ?? 0) }
                return try m.sendSuper()
            }
            try c.addMethod("setProperty:forKey:", types: "B@:@@") { m in
                guard try m.stringArgument(1) == "NSStreamFileCurrentOffsetKey" else { return try m.sendSuper() }
                guard let offset = m[0].intValue, offset >= 0 else { return false }
                try m.setIvar("_offset", .int(offset))
                return true
            }
        }

        try runtime.registerLazyClass(named: "NSOutputStream", superclass: stream) { c in
            try c.addIvar("_written", type: .object(className: "NSArray"))
            try c.addIvar("_appends", type: .bool)
            try c.addMethod("initToMemory", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_written", of: this, to: .array([])) }
            }
            try c.addClassMethod("outputStreamToMemory", types: "@@:") { m in try m.allocInit(try m.runtime.selector("initToMemory")) }
            try c.addMethod("initToFileAtPath:append:", types: "@@:@B") { m in
                let path = try m.stringArgument(0), appends = m[1].isTruthy
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_written": .array([]), "_path": .string(path), "_appends": .bool(appends)])
                }
            }
            try c.addClassMethod("outputStreamToFileAtPath:append:", types: "@@:@B") { m in
                try m.allocInit(try m.runtime.selector("initToFileAtPath:append:"), Arguments([m[0], m[1]]))
            }
            for (factory, isClass) in [("outputStreamWithURL:append:", true), ("initWithURL:append:", false)] {
                let body: Implementation.Body = { m in
                    guard let url = try m.objectArgument(0), try m.send("isFileURL", to: url).isTruthy, let path = try m.send("path", to: url).text else { return .nil }
                    let arguments = Arguments([.string(path), m[1]])
                    return isClass ? try m.allocInit(try m.runtime.selector("initToFileAtPath:append:"), arguments)
                        : try m.send("initToFileAtPath:append:", to: m.receiver, .string(path), m[1])
                }
                if isClass { try c.addClassMethod(factory, types: "@@:@B", body) } else { try c.addMethod(factory, types: "@@:@B", body) }
            }
            // A file stream starts its file on opening: empty, or after what is there when it appends.
            try c.addMethod("open", types: "v@:") { m in
                guard try m.ivar("_streamStatus").intValue == notOpen else { return .nil }
                if case .string(let path) = try m.ivar("_path") {
                    var existing: [UInt8] = []
                    if try m.ivar("_appends").isTruthy, case .success(let bytes) = FileContents.bytes(at: path, in: container) { existing = bytes }
                    do { try container.write(existing, to: path) } catch {
                        try fail(m.receiver, code: Int(EACCES), m.runtime)
                        return .nil
                    }
                    try m.setIvar("_written", .array(existing.map { .int(Int($0)) }))
                }
                try m.setIvar("_streamStatus", .int(open))
                try post(opened, m.receiver, m.runtime)
                try post(spaceAvailable, m.receiver, m.runtime)
                return .nil
            }
            try c.addMethod("hasSpaceAvailable", types: "B@:") { m in .bool(try m.ivar("_streamStatus").intValue == open) }
            try c.addMethod("write:maxLength:", types: "q@:r^CQ") { m in
                guard try m.ivar("_streamStatus").intValue == open else { return .int(-1) }
                let count = try DataBytes.length(m, 1, after: try m.ivar("_written").arrayElements.count)
                let bytes = count == 0 ? [] : try m.elementsArgument(0, upTo: count)
                let written = try m.ivar("_written").arrayElements + bytes
                try m.setIvar("_written", .array(written))
                if case .string(let path) = try m.ivar("_path") {
                    do { try container.write(written.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }, to: path) } catch {
                        try fail(m.receiver, code: Int(EACCES), m.runtime)
                        return .int(-1)
                    }
                }
                try post(spaceAvailable, m.receiver, m.runtime)
                return .int(bytes.count)
            }
            // What a memory stream has been given, under Foundation's key.
            try c.addMethod("propertyForKey:", types: "@@:@") { m in
                guard try m.stringArgument(0) == "NSStreamDataWrittenToMemoryStreamKey" else { return try m.sendSuper() }
                guard try m.ivar("_path") == .nil else { return .nil }
                let written = try m.ivar("_written").arrayElements
                return try m.send("dataWithBytes:length:", to: try m.runtime.requireClass(named: "NSData"), .array(written), .int(written.count))
            }
        }
    }
}
