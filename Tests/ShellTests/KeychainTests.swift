import Shell
import Testing

/// Security's keychain, in memory for the session, as keychain wrappers call it.
@Suite("The keychain")
struct KeychainTests {
    /// What a keychain wrapper does with a generic password: add it (a second add of the
    /// same account and service is a duplicate), read its data back, change it, list every
    /// item's attributes, delete it, and find it gone; the status codes are Security's.
    @Test func aGenericPasswordIsAddedReadChangedAndDeleted() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrService: @"com.example", (__bridge id)kSecAttrAccount: @"ada"};
            NSMutableDictionary *item = [query mutableCopy];
            item[(__bridge id)kSecValueData] = [@"secret" dataUsingEncoding:NSUTF8StringEncoding];
            NSMutableDictionary *find = [query mutableCopy];
            find[(__bridge id)kSecReturnData] = @YES;
            find[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;
            CFTypeRef result = NULL;
            """)
        #expect(shell.run(
            "@[@(SecItemAdd((__bridge CFDictionaryRef)item, NULL)), @(SecItemAdd((__bridge CFDictionaryRef)item, NULL) == errSecDuplicateItem)]",
            "OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)find, &result);",
            "@[@(status == noErr), [[NSString alloc] initWithData:(__bridge NSData *)result encoding:NSUTF8StringEncoding]]",
            "NSDictionary *changes = @{(__bridge id)kSecValueData: [@\"new\" dataUsingEncoding:NSUTF8StringEncoding]}; SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes)",
            "NSDictionary *all = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecReturnAttributes: @YES, (__bridge id)kSecReturnData: @YES, (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll};",
            "CFArrayRef found = NULL; SecItemCopyMatching((__bridge CFDictionaryRef)all, (CFTypeRef *)&found);",
            "NSArray *items = (__bridge NSArray *)found; @[@(items.count), items[0][(__bridge id)kSecAttrAccount], [[NSString alloc] initWithData:items[0][(__bridge id)kSecValueData] encoding:NSUTF8StringEncoding]]",
            "@[@(SecItemDelete((__bridge CFDictionaryRef)query)), @(SecItemDelete((__bridge CFDictionaryRef)query)), @(SecItemCopyMatching((__bridge CFDictionaryRef)find, &result)), @(result == NULL)]",
            "(__bridge NSString *)SecCopyErrorMessageString(errSecItemNotFound, NULL)"
        ) == [
            "@[0, YES]", "@[YES, \"secret\"]", "0", "0", "@[1, \"ada\", \"new\"]", "@[0, -25300, -25300, YES]",
            "\"The specified item could not be found in the keychain.\"",
        ])
    }

    /// A query matches on every attribute it names; one that names no synchronizable flag
    /// finds only items that do not synchronize, `kSecAttrSynchronizableAny` both; a query
    /// without a class, or an update that changes the class, is `errSecParam`; the
    /// constants hold Security's strings.
    @Test func queriesMatchOnTheirAttributesAndTheSynchronizableFlag() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSDictionary *local = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrService: @"s", (__bridge id)kSecAttrAccount: @"local"};
            NSDictionary *synced = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrService: @"s", (__bridge id)kSecAttrAccount: @"synced", (__bridge id)kSecAttrSynchronizable: @YES};
            SecItemAdd((__bridge CFDictionaryRef)local, NULL); SecItemAdd((__bridge CFDictionaryRef)synced, NULL);
            NSInteger (^count)(NSDictionary *) = ^NSInteger(NSDictionary *query) {
                NSMutableDictionary *asked = [query mutableCopy];
                asked[(__bridge id)kSecReturnAttributes] = @YES; asked[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitAll;
                CFTypeRef found = NULL;
                return SecItemCopyMatching((__bridge CFDictionaryRef)asked, &found) == errSecSuccess ? [(__bridge NSArray *)found count] : 0;
            };
            """)
        #expect(shell.run(
            "@[@(count(@{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword})), @(count(@{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrSynchronizable: (__bridge id)kSecAttrSynchronizableAny})), @(count(@{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: @\"synced\", (__bridge id)kSecAttrSynchronizable: @YES})), @(count(@{(__bridge id)kSecClass: (__bridge id)kSecClassInternetPassword}))]",
            "@[@(SecItemDelete((__bridge CFDictionaryRef)@{(__bridge id)kSecAttrAccount: @\"local\"})), @(SecItemUpdate((__bridge CFDictionaryRef)local, (__bridge CFDictionaryRef)@{(__bridge id)kSecClass: (__bridge id)kSecClassInternetPassword}))]",
            "@[(__bridge id)kSecClass, (__bridge id)kSecAttrAccount, (__bridge id)kSecAttrAccessibleAfterFirstUnlock]"
        ) == ["@[1, 2, 1, 0]", "@[-50, -50]", "@[\"class\", \"acct\", \"ck\"]"])
    }
}
