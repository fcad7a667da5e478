import Runtime

extension ClassLibrary {
    /// Foundation's (and Core Data's) protocols apps adopt, with their methods: archiving,
    /// copying, locking, fetched results and URL loading delegates.
    static func defineFoundationProtocols(in runtime: Runtime) throws {
        try ProtocolDeclaration.register([
            ProtocolDeclaration(name: "NSCoding", inherits: [], required: [("encodeWithCoder:", "v@:@"), ("initWithCoder:", "@@:@")]),
            ProtocolDeclaration(name: "NSCopying", inherits: [], required: [("copyWithZone:", "@@:^{_NSZone=}")]),
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
}
