import Runtime

extension ClassLibrary {
    /// Foundation's (and Core Data's) protocols apps adopt, with their methods: archiving,
    /// copying, locking, fetched results and URL loading delegates.
    static func defineFoundationProtocols(in runtime: Runtime) throws {
        try ProtocolDeclaration.register([
            ProtocolDeclaration(name: "NSCoding", inherits: [], required: [("encodeWithCoder:", "v@:@"), ("initWithCoder:", "@@:@")]),
            ProtocolDeclaration(name: "NSCopying", inherits: [], required: [("copyWithZone:", "@@:^{_NSZone=}")]),
            ProtocolDeclaration(name: "NSMutableCopying", inherits: [], required: [("mutableCopyWithZone:", "@@:^{_NSZone=}")]),
            ProtocolDeclaration(name: "NSSecureCoding", inherits: ["NSCoding"]),
            ProtocolDeclaration(name: "NSFastEnumeration", inherits: [], required: [
                ("countByEnumeratingWithState:objects:count:", "Q@:^{?=Q^@^Q[5Q]}^@Q"),
            ]),
            ProtocolDeclaration(name: "NSKeyedArchiverDelegate", optional: [
                ("archiver:willEncodeObject:", "@@:@@"), ("archiver:didEncodeObject:", "v@:@@"), ("archiverDidFinish:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "NSKeyedUnarchiverDelegate", optional: [
                ("unarchiver:didDecodeObject:", "@@:@@"), ("unarchiverDidFinish:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "NSLocking", inherits: [], required: [("lock", "v@:"), ("unlock", "v@:")]),
            ProtocolDeclaration(name: "NSFetchedResultsControllerDelegate", optional: [
                ("controllerWillChangeContent:", "v@:@"), ("controllerDidChangeContent:", "v@:@"),
                ("controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:", "v@:@@@Q@"),
                ("controller:didChangeSection:atIndex:forChangeType:", "v@:@@QQ"),
            ]),
            ProtocolDeclaration(name: "NSURLSessionDelegate", optional: [
                ("URLSession:didBecomeInvalidWithError:", "v@:@@"), ("URLSession:didReceiveChallenge:completionHandler:", "v@:@@@?"),
                ("URLSessionDidFinishEventsForBackgroundURLSession:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "NSURLSessionTaskDelegate", inherits: ["NSURLSessionDelegate"], optional: [
                ("URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:", "v@:@@@@@?"),
                ("URLSession:task:didReceiveChallenge:completionHandler:", "v@:@@@@?"), ("URLSession:task:didCompleteWithError:", "v@:@@@"),
                ("URLSession:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:", "v@:@@qqq"),
            ]),
            ProtocolDeclaration(name: "NSURLSessionDataDelegate", inherits: ["NSURLSessionTaskDelegate"], optional: [
                ("URLSession:dataTask:didReceiveResponse:completionHandler:", "v@:@@@@?"), ("URLSession:dataTask:didReceiveData:", "v@:@@@"),
                ("URLSession:dataTask:willCacheResponse:completionHandler:", "v@:@@@@?"),
            ]),
            ProtocolDeclaration(name: "NSURLSessionDownloadDelegate", inherits: ["NSURLSessionTaskDelegate"], required: [
                ("URLSession:downloadTask:didFinishDownloadingToURL:", "v@:@@@"),
            ], optional: [
                ("URLSession:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:", "v@:@@qqq"),
            ]),
            ProtocolDeclaration(name: "NSURLProtocolClient", required: [
                ("URLProtocol:wasRedirectedToRequest:redirectResponse:", "v@:@@@"), ("URLProtocol:cachedResponseIsValid:", "v@:@@"),
                ("URLProtocol:didReceiveResponse:cacheStoragePolicy:", "v@:@@Q"), ("URLProtocol:didLoadData:", "v@:@@"),
                ("URLProtocolDidFinishLoading:", "v@:@"), ("URLProtocol:didFailWithError:", "v@:@@"),
                ("URLProtocol:didReceiveAuthenticationChallenge:", "v@:@@"), ("URLProtocol:didCancelAuthenticationChallenge:", "v@:@@"),
            ]),
            ProtocolDeclaration(name: "NSStreamDelegate", optional: [("stream:handleEvent:", "v@:@Q")]),
            ProtocolDeclaration(name: "NSURLConnectionDelegate", optional: [
                ("connection:didFailWithError:", "v@:@@"), ("connectionShouldUseCredentialStorage:", "B@:@"),
                ("connection:willSendRequestForAuthenticationChallenge:", "v@:@@"),
            ]),
            ProtocolDeclaration(name: "NSURLConnectionDataDelegate", inherits: ["NSURLConnectionDelegate"], optional: [
                ("connection:didReceiveResponse:", "v@:@@"), ("connection:didReceiveData:", "v@:@@"), ("connectionDidFinishLoading:", "v@:@"),
                ("connection:willSendRequest:redirectResponse:", "@@:@@@"),
            ]),
        ], in: runtime)
    }

    /// The protocols the SDK's headers declare Foundation's and UIKit's classes adopt
    /// (`@interface NSArray<ObjectType> : NSObject <NSCopying, NSMutableCopying,
    /// NSSecureCoding, NSFastEnumeration>`), so `conformsToProtocol:` answers as on iOS. A
    /// subclass inherits its superclass's.
    static let declaredConformances: [String: [String]] = {
        let collection = ["NSCopying", "NSMutableCopying", "NSSecureCoding", "NSFastEnumeration"]
        let value = ["NSCopying", "NSSecureCoding"]
        let mutableValue = ["NSCopying", "NSMutableCopying", "NSSecureCoding"]
        return [
            "NSArray": collection, "NSDictionary": collection, "NSSet": collection, "NSOrderedSet": collection,
            "NSHashTable": value + ["NSFastEnumeration"], "NSMapTable": value + ["NSFastEnumeration"], "NSEnumerator": ["NSFastEnumeration"],
            "NSString": mutableValue, "NSData": mutableValue, "NSAttributedString": mutableValue, "NSCharacterSet": mutableValue,
            "NSIndexSet": mutableValue, "NSURLRequest": mutableValue, "NSParagraphStyle": mutableValue,
            "NSValue": value, "NSDate": value, "NSURL": value, "NSUUID": value, "NSNull": value, "NSIndexPath": value,
            "NSLocale": value, "NSTimeZone": value, "NSCalendar": value, "NSError": value, "NSException": value,
            "NSDateComponents": value, "NSSortDescriptor": value, "NSPredicate": value, "NSRegularExpression": value,
            "NSURLResponse": value, "NSHTTPCookie": ["NSSecureCoding"], URLLoad.clientClassName: ["NSURLProtocolClient"], "NSFormatter": ["NSCopying", "NSCoding"], "NSNotification": ["NSCopying", "NSCoding"],
            "UIView": ["NSCoding"], "UIViewController": ["NSCoding"], "UIBarItem": ["NSCoding"], "UINavigationItem": ["NSCoding"],
            "UIColor": value, "UIFont": value, "UIImage": ["NSSecureCoding"], "UIBezierPath": value,
            "UILayoutGuide": ["NSCoding"], "NSLayoutConstraint": ["NSCoding"], "UICollectionViewLayoutAttributes": ["NSCopying"],
            "CLLocation": value, "MKPointAnnotation": ["MKAnnotation"], "MKUserLocation": ["MKAnnotation"],
            "UITextField": ["UITextInput"], "UITextView": ["UITextInput"], "UISearchBar": ["UITextInputTraits"],
        ]
    }()
}
