import Runtime
import Synchronization
import UIKitModel

/// Security's keychain (`SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate`,
/// `SecItemDelete`), as the keychain wrappers apps ship call it (SAMKeychain,
/// UICKeyChainStore, KeychainItemWrapper), kept in memory for the session: it starts empty,
/// as a fresh simulator's does, and every test of a run sees what earlier ones left.
///
/// An item is its class (`kSecClass`), its attributes and its data (`kSecValueData`, an
/// NSData kept as a copy). Adding an item whose class and primary key (for a generic
/// password: account, service, access group and synchronizable; for an internet password
/// also server, protocol, port, path, security domain and authentication type) match one
/// held fails with `errSecDuplicateItem`. A query matches the items of its class whose
/// attributes equal every attribute it names; one that names no `kSecAttrSynchronizable`
/// matches only items that do not synchronize, and `kSecAttrSynchronizableAny` matches
/// both, as the real keychain does. `SecItemCopyMatching` answers the first match
/// (`kSecMatchLimitOne`, the default) or all (`kSecMatchLimitAll`), as data
/// (`kSecReturnData`), attributes (`kSecReturnAttributes`, with the data too when both
/// are asked) or nothing; nothing found is `errSecItemNotFound`. `SecCopyErrorMessageString`
/// words the status codes. The constants hold the strings Security's do (`kSecClass` is
/// "class", `kSecAttrAccount` "acct"), so code that prints a query sees what it would on iOS.
enum KeychainFunctions {
    private static let expectations: [String: String] = [
        "SecItemAdd": "a dictionary of the item's class, attributes and data, and NULL or a pointer for the result, as in SecItemAdd((__bridge CFDictionaryRef)item, NULL)",
        "SecItemCopyMatching": "a query dictionary and NULL or a pointer for the result, as in SecItemCopyMatching((__bridge CFDictionaryRef)query, &result)",
        "SecItemUpdate": "a query dictionary and a dictionary of the attributes to change, as in SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes)",
        "SecItemDelete": "a query dictionary, as in SecItemDelete((__bridge CFDictionaryRef)query)",
        "SecCopyErrorMessageString": "a status code and NULL, as in SecCopyErrorMessageString(status, NULL)",
    ]

    static let names = expectations.keys.sorted()

    /// Security's constants: the keys and values of a query, with the strings Security's
    /// hold, and the status codes.
    static let constants: [String: Value] = {
        var table: [String: Value] = [:]
        let strings = [
            "kSecClass": "class", "kSecClassGenericPassword": "genp", "kSecClassInternetPassword": "inet", "kSecClassCertificate": "cert",
            "kSecClassKey": "keys", "kSecClassIdentity": "idnt",
            "kSecAttrAccount": "acct", "kSecAttrService": "svce", "kSecAttrGeneric": "gena", "kSecAttrLabel": "labl", "kSecAttrDescription": "desc",
            "kSecAttrComment": "icmt", "kSecAttrCreator": "crtr", "kSecAttrType": "type", "kSecAttrIsInvisible": "invi", "kSecAttrIsNegative": "nega",
            "kSecAttrAccessGroup": "agrp", "kSecAttrSynchronizable": "sync", "kSecAttrSynchronizableAny": "syna", "kSecAttrServer": "srvr",
            "kSecAttrProtocol": "ptcl", "kSecAttrPort": "port", "kSecAttrPath": "path", "kSecAttrSecurityDomain": "sdmn",
            "kSecAttrAuthenticationType": "atyp", "kSecAttrCreationDate": "cdat", "kSecAttrModificationDate": "mdat",
            "kSecAttrAccessible": "pdmn", "kSecAttrAccessibleWhenUnlocked": "ak", "kSecAttrAccessibleAfterFirstUnlock": "ck",
            "kSecAttrAccessibleAlways": "dk", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly": "akpu",
            "kSecAttrAccessibleWhenUnlockedThisDeviceOnly": "aku", "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly": "cku",
            "kSecAttrAccessibleAlwaysThisDeviceOnly": "dku", "kSecAttrAccessControl": "accc",
            "kSecAttrProtocolHTTP": "http", "kSecAttrProtocolHTTPS": "htps", "kSecAttrProtocolFTP": "ftp ",
            "kSecAttrAuthenticationTypeDefault": "dflt", "kSecAttrAuthenticationTypeHTMLForm": "form",
            "kSecAttrAuthenticationTypeHTTPBasic": "http", "kSecAttrAuthenticationTypeNTLM": "ntlm", "kSecAttrAuthenticationTypeMSN": "msna",
            "kSecAttrAuthenticationTypeDPA": "dpaa", "kSecAttrAuthenticationTypeRPA": "rpaa", "kSecAttrAuthenticationTypeHTTPDigest": "httd",
            "kSecAttrProtocolFTPAccount": "ftpa", "kSecAttrProtocolIRC": "irc ", "kSecAttrProtocolNNTP": "nntp", "kSecAttrProtocolPOP3": "pop3",
            "kSecAttrProtocolSMTP": "smtp", "kSecAttrProtocolSOCKS": "sox ", "kSecAttrProtocolIMAP": "imap", "kSecAttrProtocolLDAP": "ldap",
            "kSecAttrProtocolAppleTalk": "atlk", "kSecAttrProtocolAFP": "afp ", "kSecAttrProtocolTelnet": "teln", "kSecAttrProtocolSSH": "ssh ",
            "kSecAttrProtocolFTPS": "ftps", "kSecAttrProtocolHTTPProxy": "htpx", "kSecAttrProtocolHTTPSProxy": "htsx", "kSecAttrProtocolFTPProxy": "ftpx",
            "kSecAttrProtocolSMB": "smb ", "kSecAttrProtocolRTSP": "rtsp", "kSecAttrProtocolRTSPProxy": "rtsx", "kSecAttrProtocolDAAP": "daap",
            "kSecAttrProtocolEPPC": "eppc", "kSecAttrProtocolIPP": "ipp ", "kSecAttrProtocolNNTPS": "ntps", "kSecAttrProtocolLDAPS": "ldps",
            "kSecAttrProtocolTelnetS": "tels", "kSecAttrProtocolIMAPS": "imps", "kSecAttrProtocolIRCS": "ircs", "kSecAttrProtocolPOP3S": "pops",
            "kSecValueData": "v_Data", "kSecValueRef": "v_Ref", "kSecValuePersistentRef": "v_PersistentRef",
            "kSecReturnData": "r_Data", "kSecReturnAttributes": "r_Attributes", "kSecReturnRef": "r_Ref", "kSecReturnPersistentRef": "r_PersistentRef",
            "kSecMatchLimit": "m_Limit", "kSecMatchLimitOne": "m_LimitOne", "kSecMatchLimitAll": "m_LimitAll",
            "kSecMatchCaseInsensitive": "m_CaseInsensitive", "kSecUseOperationPrompt": "u_OpPrompt",
            "kSecUseAuthenticationUI": "u_AuthUI", "kSecUseAuthenticationUIAllow": "u_AuthUIA", "kSecUseAuthenticationUIFail": "u_AuthUIF",
            "kSecUseAuthenticationUISkip": "u_AuthUIS", "kSecUseDataProtectionKeychain": "nleg",
        ]
        for (name, value) in strings { table[name] = .string(value) }
        for (name, code) in statusCodes { table[name] = .int(code) }
        return table
    }()

    /// The status codes the keychain answers, with Security's values (and MacTypes'
    /// `noErr`, which keychain code compares them with).
    private static let statusCodes = [
        "noErr": 0, "errSecSuccess": 0, "errSecUnimplemented": -4, "errSecParam": -50, "errSecAllocate": -108, "errSecUserCanceled": -128,
        "errSecNotAvailable": -25291, "errSecAuthFailed": -25293, "errSecDuplicateItem": -25299, "errSecItemNotFound": -25300,
        "errSecInteractionNotAllowed": -25308, "errSecDecode": -26275, "errSecMissingEntitlement": -34018,
    ]

    /// What `SecCopyErrorMessageString` says for each code, as Security words it.
    private static let messages = [
        0: "No error.", -4: "Function or operation not implemented.", -50: "One or more parameters passed to a function were not valid.",
        -108: "Failed to allocate memory.", -128: "User canceled the operation.", -25291: "No keychain is available.",
        -25293: "The user name or passphrase you entered is not correct.", -25299: "The specified item already exists in the keychain.",
        -25300: "The specified item could not be found in the keychain.",
        -25308: "User interaction is not allowed.", -26275: "Unable to decode the provided data.",
        -34018: "A required entitlement isn't present.",
    ]

    static let success = 0, itemNotFound = -25300, duplicateItem = -25299, badParameter = -50

    /// The attributes that tell two items of a class apart; any other class's items by all
    /// they hold.
    private static let primaryKeys: [String: [String]] = [
        "genp": ["acct", "svce", "agrp", "sync"],
        "inet": ["acct", "sdmn", "srvr", "ptcl", "atyp", "port", "path", "agrp", "sync"],
    ]

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let keychain = interpreter.context.framework.keychain
        let runtime = interpreter.runtime, depth = interpreter.context.depth
        switch name {
        case "SecCopyErrorMessageString":
            try call.expect(2)
            let code = try call.integer(0)
            return .string(messages[code] ?? "OSStatus \(code)")
        case "SecItemDelete":
            try call.expect(1)
            let query = try dictionary(call, 0)
            guard let itemClass = query[.string("class")] else { return .int(badParameter) }
            return .int(try keychain.delete { try matches($0, itemClass, query, runtime, depth) } ? success : itemNotFound)
        case "SecItemUpdate":
            try call.expect(2)
            let (query, changes) = (try dictionary(call, 0), try dictionary(call, 1))
            guard let itemClass = query[.string("class")], changes[.string("class")] == nil else { return .int(badParameter) }
            let now = try runtime.send("date", to: runtime.requireClass(named: "NSDate"))
            let changed = try changes.mapValues { try stored($0, runtime) }
            let status = try keychain.update(
                matching: { try matches($0, itemClass, query, runtime, depth) },
                with: { item in
                    for (key, value) in changed { item[key] = value }
                    item[.string("mdat")] = now
                },
                isDuplicate: { try sameKey($0, $1, runtime, depth) })
            return .int(status)
        case "SecItemAdd":
            try call.expect(2)
            let attributes = try dictionary(call, 0)
            guard let itemClass = attributes[.string("class")], case .string = itemClass else { return .int(badParameter) }
            let now = try runtime.send("date", to: runtime.requireClass(named: "NSDate"))
            var item = try attributes.filter { entry in
                guard case .string(let key) = entry.key else { return false }
                return !key.hasPrefix("r_") && !key.hasPrefix("m_") && !key.hasPrefix("u_")
            }.mapValues { try stored($0, runtime) }
            item[.string("cdat")] = item[.string("cdat")] ?? now
            item[.string("mdat")] = item[.string("mdat")] ?? now
            let added = try keychain.add(item) { try sameKey($0, item, runtime, depth) }
            guard added else { return .int(duplicateItem) }
            if let result = try call.pointer(1) { result.value = try answer(for: attributes, from: [item], runtime) }
            return .int(success)
        default:
            try call.expect(2)
            let query = try dictionary(call, 0)
            let result = try call.pointer(1)
            guard let itemClass = query[.string("class")] else { return .int(badParameter) }
            let found = try keychain.items { try matches($0, itemClass, query, runtime, depth) }
            guard !found.isEmpty else {
                result?.value = .nil
                return .int(itemNotFound)
            }
            result?.value = try answer(for: query, from: found, runtime)
            return .int(success)
        }
    }

    /// The dictionary argument `index`: a literal's or a mutable dictionary's entries.
    private static func dictionary(_ call: FunctionCall, _ index: Int) throws -> [Value: Value] {
        guard let entries = call[index].dictionaryEntries else { throw call.mistake }
        return entries
    }

    /// What an item keeps of a value it is given: a copy of an object (the data, a
    /// mutable string), the value itself otherwise.
    private static func stored(_ value: Value, _ runtime: Runtime) throws -> Value {
        guard let object = value.object else { return value }
        return try runtime.send("copy", to: object)
    }

    /// Whether `item` is of `itemClass` and holds every attribute the query names.
    private static func matches(_ item: [Value: Value], _ itemClass: Value, _ query: [Value: Value], _ runtime: Runtime, _ depth: Int) throws -> Bool {
        guard item[.string("class")] == itemClass else { return false }
        let synchronizable = query[.string("sync")]
        if synchronizable != .string("syna"), (synchronizable?.isTruthy ?? false) != (item[.string("sync")]?.isTruthy ?? false) { return false }
        for (key, wanted) in query {
            guard case .string(let name) = key, name != "class", name != "sync", !name.contains("_") else { continue }
            guard let held = item[key], try runtime.isEqual(held, wanted, nestedAt: depth + 1) else { return false }
        }
        return true
    }

    /// Whether two items of one class have the same primary key.
    private static func sameKey(_ held: [Value: Value], _ new: [Value: Value], _ runtime: Runtime, _ depth: Int) throws -> Bool {
        guard let itemClass = new[.string("class")], held[.string("class")] == itemClass, case .string(let className) = itemClass else { return false }
        let keys = primaryKeys[className].map { $0.map(Value.string) }
            ?? Array(Set(held.keys).union(new.keys).filter { $0 != .string("cdat") && $0 != .string("mdat") && $0 != .string("v_Data") })
        for key in keys {
            switch (held[key], new[key]) {
            case (nil, nil): continue
            case (let a?, let b?): if try !runtime.isEqual(a, b, nestedAt: depth + 1) { return false }
            // A synchronizable flag left out is NO.
            case (let one?, nil), (nil, let one?): if key != .string("sync") || one.isTruthy { return false }
            }
        }
        return true
    }

    /// What a query asks returned of the items found: their data, their attributes (with
    /// the data when both are asked), for the first or for all of them; nil when it asks
    /// for nothing.
    private static func answer(for query: [Value: Value], from items: [[Value: Value]], _ runtime: Runtime) throws -> Value {
        let wantsData = query[.string("r_Data")]?.isTruthy ?? false
        let wantsAttributes = query[.string("r_Attributes")]?.isTruthy ?? false
        guard wantsData || wantsAttributes else { return .nil }
        let all = query[.string("m_Limit")] == .string("m_LimitAll")
        let answers = try (all ? items : [items[0]]).map { item -> Value in
            let data = try item[.string("v_Data")].map { try stored($0, runtime) } ?? .nil
            guard wantsAttributes else { return data }
            var attributes = item.filter { $0.key != .string("v_Data") }
            if wantsData { attributes[.string("v_Data")] = data }
            return .dictionary(attributes)
        }
        return all ? .array(answers) : answers[0]
    }
}

/// The keychain's items for one session, oldest first.
final class Keychain: Sendable {
    private let held = Mutex<[[Value: Value]]>([])

    /// Adds `item` unless one held is the same by `isSame`; whether it did.
    func add(_ item: [Value: Value], isSame: ([Value: Value]) throws -> Bool) throws -> Bool {
        let current = held.withLock { $0 }
        guard try !current.contains(where: isSame) else { return false }
        held.withLock { $0.append(item) }
        return true
    }

    /// The items `matches` picks, oldest first.
    func items(_ matches: ([Value: Value]) throws -> Bool) throws -> [[Value: Value]] {
        try held.withLock { $0 }.filter(matches)
    }

    /// Removes the items `matches` picks; whether there were any.
    func delete(_ matches: ([Value: Value]) throws -> Bool) throws -> Bool {
        let current = held.withLock { $0 }
        let kept = try current.filter { try !matches($0) }
        held.withLock { $0 = kept }
        return kept.count < current.count
    }

    /// Changes the items `matches` picks with `change`: `errSecItemNotFound` when it picks
    /// none, `errSecDuplicateItem` (changing nothing) when a changed item would be the same
    /// by `isDuplicate` as one it does not pick, else `errSecSuccess`.
    func update(
        matching matches: ([Value: Value]) throws -> Bool, with change: (inout [Value: Value]) -> Void,
        isDuplicate: ([Value: Value], [Value: Value]) throws -> Bool
    ) throws -> Int {
        var items = held.withLock { $0 }
        let picked = try items.indices.filter { try matches(items[$0]) }
        guard !picked.isEmpty else { return KeychainFunctions.itemNotFound }
        for index in picked { change(&items[index]) }
        for index in picked {
            for other in items.indices where !picked.contains(other) {
                if try isDuplicate(items[other], items[index]) { return KeychainFunctions.duplicateItem }
            }
        }
        held.withLock { $0 = items }
        return KeychainFunctions.success
    }
}
