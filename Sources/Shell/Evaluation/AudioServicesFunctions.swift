import Runtime
import UIKitModel

/// AudioToolbox's system sounds, which apps play for a tap, a timer's end or an alert. The
/// model plays nothing, as the simulator plays nothing a test can hear:
///
/// - `AudioServicesCreateSystemSoundID(url, &soundID)` answers 0 (`kAudioServicesNoError`)
///   and an ID of the file's own (the same on every run; `kSystemSoundID_Vibrate` is 4095);
///   a nil URL answers -50 (`kAudio_ParamError`), writing nothing.
/// - `AudioServicesDisposeSystemSoundID`, `AudioServicesPlaySystemSound` and
///   `AudioServicesPlayAlertSound` do nothing (the first answers 0).
/// - `AudioServicesPlaySystemSoundWithCompletion(id, block)` and its alert form run the
///   block on the main queue at the next turn, when a sound this short would have ended.
enum AudioServicesFunctions {
    private static let expectations: [String: String] = [
        "AudioServicesCreateSystemSoundID": "a sound file's URL and a pointer to a SystemSoundID, as in AudioServicesCreateSystemSoundID((__bridge CFURLRef)url, &soundID)",
        "AudioServicesDisposeSystemSoundID": "a SystemSoundID, as in AudioServicesDisposeSystemSoundID(soundID)",
        "AudioServicesPlaySystemSound": "a SystemSoundID, as in AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)",
        "AudioServicesPlayAlertSound": "a SystemSoundID, as in AudioServicesPlayAlertSound(soundID)",
        "AudioServicesPlaySystemSoundWithCompletion": "a SystemSoundID and a block taking nothing, as in AudioServicesPlaySystemSoundWithCompletion(soundID, ^{ ... })",
        "AudioServicesPlayAlertSoundWithCompletion": "a SystemSoundID and a block taking nothing, as in AudioServicesPlayAlertSoundWithCompletion(soundID, ^{ ... })",
    ]

    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        switch name {
        case "AudioServicesCreateSystemSoundID":
            try call.expect(2)
            guard case .reference(let soundID) = call[1] else { throw call.mistake }
            let runtime = interpreter.runtime
            guard let url = call[0].object,
                  case .string(let text) = try call.located({ try runtime.send(try runtime.selector("absoluteString"), to: url, Arguments(), nestedAt: interpreter.context.depth) })
            else { return .int(-50) }
            // FNV-1a of the URL, above the IDs the system's own sounds take.
            let hash = text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
            soundID.value = .int(Int(4096 + hash % 1_000_000))
            return .int(0)
        case "AudioServicesPlaySystemSoundWithCompletion", "AudioServicesPlayAlertSoundWithCompletion":
            try call.expect(2)
            _ = try call.integer(0)
            guard call[1] != .nil else { return .nil }
            let block = try call.block(1)
            guard block.parameterCount == 0 else { throw call.mistake }
            let framework = interpreter.context.framework
            let queue = try call.located { try framework.mainQueue(in: interpreter.runtime) }
            framework.clock.schedule(after: 0, kind: .block) { try framework.run(block, on: queue, concurrent: false) }
            return .nil
        default:
            try call.expect(1)
            _ = try call.integer(0)
            return name == "AudioServicesDisposeSystemSoundID" ? .int(0) : .nil
        }
    }
}
