import Foundation
import Runtime

extension ClassLibrary {
    /// The locale the model's current, system and default locales are: US English, on every
    /// machine, so that formatted dates read the same wherever a test runs.
    static let modelLocaleIdentifier = "en_US"

    /// `NSLocale`: a locale identifier (`en_US`, `de_DE`, `en_US_POSIX`) and its language
    /// and region codes. Date formatters read their names of months and days from it, in
    /// the toolchain's Foundation (ICU's data), the same on every machine; so do its
    /// components by key (`objectForKey:`, `NSLocaleCountryCode`...), the names it gives
    /// countries, languages, locales and currencies in its language
    /// (`displayNameForKey:value:`, `localizedStringForCountryCode:`...), and its currency
    /// and separators.
    static func defineNSLocale(in runtime: Runtime, root: Class) throws {
        let initWithIdentifier = try runtime.selector("initWithLocaleIdentifier:")
        try runtime.registerLazyClass(named: "NSLocale", superclass: root) { c in
            try c.addProperty(Property(name: "localeIdentifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithLocaleIdentifier:", types: "@@:@") { m in
                let identifier = try m.stringArgument(0)
                return try m.initializingSuper(try m.runtime.selector("init")) { this in
                    try m.runtime.setIvar("_localeIdentifier", of: this, to: .string(identifier))
                }
            }
            try c.addClassMethod("localeWithLocaleIdentifier:", types: "@@:@") { m in try m.allocInit(initWithIdentifier, Arguments(m[0])) }
            for name in ["currentLocale", "autoupdatingCurrentLocale", "systemLocale"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initWithIdentifier, Arguments(.string(modelLocaleIdentifier))) }
            }
            try c.addClassMethod("preferredLanguages", types: "@@:") { _ in .array([.string("en-US")]) }
            try c.addClassMethod("availableLocaleIdentifiers", types: "@@:") { _ in
                .array(Locale.availableIdentifiers.sorted().map(Value.string))
            }
            try c.addMethod("languageCode", types: "@@:") { m in
                try ownLocale(m).language.languageCode.map { .string($0.identifier) } ?? .nil
            }
            for name in ["countryCode", "regionCode"] {
                try c.addMethod(name, types: "@@:") { m in try ownLocale(m).region.map { .string($0.identifier) } ?? .nil }
            }
            try c.addMethod("objectForKey:", types: "@@:@") { m in
                switch NSLocale(localeIdentifier: try ownLocale(m).identifier).object(forKey: NSLocale.Key(rawValue: try m.stringArgument(0))) {
                case let text as String: .string(text)
                case let flag as Bool: .bool(flag)
                default: .nil
                }
            }
            try c.addMethod("displayNameForKey:value:", types: "@@:@@") { m in
                guard m[1] != .nil else { return .nil }
                let names = NSLocale(localeIdentifier: try ownLocale(m).identifier)
                return names.displayName(forKey: NSLocale.Key(rawValue: try m.stringArgument(0)), value: try m.stringArgument(1)).map(Value.string) ?? .nil
            }
            let names: [(String, @Sendable (Locale, String) -> String?)] = [
                ("localizedStringForCountryCode:", { $0.localizedString(forRegionCode: $1) }),
                ("localizedStringForLanguageCode:", { $0.localizedString(forLanguageCode: $1) }),
                ("localizedStringForLocaleIdentifier:", { $0.localizedString(forIdentifier: $1) }),
                ("localizedStringForCurrencyCode:", { $0.localizedString(forCurrencyCode: $1) }),
            ]
            for (name, read) in names {
                try c.addMethod(name, types: "@@:@") { m in read(try ownLocale(m), try m.stringArgument(0)).map(Value.string) ?? .nil }
            }
            let components: [(String, @Sendable (Locale) -> Value)] = [
                ("currencyCode", { $0.currencyCode.map(Value.string) ?? .nil }), ("currencySymbol", { $0.currencySymbol.map(Value.string) ?? .nil }),
                ("decimalSeparator", { $0.decimalSeparator.map(Value.string) ?? .nil }), ("groupingSeparator", { $0.groupingSeparator.map(Value.string) ?? .nil }),
                ("scriptCode", { $0.language.script.map { .string($0.identifier) } ?? .nil }),
            ]
            for (name, read) in components {
                try c.addMethod(name, types: "@@:") { m in read(try ownLocale(m)) }
            }
            try c.addMethod("usesMetricSystem", types: "B@:") { m in .bool(try ownLocale(m).measurementSystem != .us) }
            // NSSecureCoding: the identifier, under a key of the model's own.
            try addCoding(of: ["_localeIdentifier"], keyedBy: "NSLocale", initializer: try c.runtime.selector("init"), secure: true, to: &c)
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = try m.objectArgument(0), locale(of: other, in: m.runtime) != nil else { return .bool(false) }
                return .bool(try m.runtime.ivarValue("_localeIdentifier", of: other) == (try m.ivar("_localeIdentifier")))
            }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("description", types: "@@:") { m in
                .string("<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16))> \(try m.ivar("_localeIdentifier").stringValue ?? "")")
            }
        }
    }

    /// The locale `object`, an `NSLocale`, stands for; nil for anything else.
    static func locale(of object: Object?, in runtime: Runtime) -> Locale? {
        guard let object, let locale = runtime.class(named: "NSLocale"), object.isKind(of: locale),
              case .string(let identifier)? = try? runtime.ivarValue("_localeIdentifier", of: object) else { return nil }
        return Locale(identifier: identifier)
    }

    private static func ownLocale(_ m: borrowing Message) throws -> Locale {
        Locale(identifier: try m.ivar("_localeIdentifier").stringValue ?? modelLocaleIdentifier)
    }
}
