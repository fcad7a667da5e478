import Shell
import Testing

/// Extended attributes of the app's files, as disk caches keep an entry's age limit and
/// access count beside it.
@Suite("Extended attributes")
struct ExtendedAttributeTests {
    @Test func attributesAreWrittenReadListedAndRemovedThroughPointers() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSString *file = [NSTemporaryDirectory() stringByAppendingPathComponent:@"entry"];
            [@"x" writeToFile:file atomically:YES encoding:NSUTF8StringEncoding error:NULL];
            const char *path = [file fileSystemRepresentation];
            """)
        #expect(shell.run(
            "NSTimeInterval age = 30.5; setxattr(path, \"com.app.age\", &age, sizeof(NSTimeInterval), 0, 0)",
            "NSTimeInterval read = 0; @[@(getxattr(path, \"com.app.age\", &read, sizeof(NSTimeInterval), 0, 0)), @(read)]",
            "char flag[1]; setxattr(path, \"com.app.flag\", \"\\1\", 1, 0, 0); @[@(getxattr(path, \"com.app.flag\", flag, 1, 0, 0)), @(flag[0])]",
            "ssize_t length = listxattr(path, NULL, 0, 0); char *names = malloc(length); listxattr(path, names, length, 0); @[[NSString stringWithUTF8String:names], [NSString stringWithUTF8String:names + 12]]",
            "@[@(setxattr(path, \"com.app.flag\", \"\\2\", 1, 0, XATTR_CREATE)), @(setxattr(path, \"com.app.new\", \"\\2\", 1, 0, XATTR_REPLACE)), @(getxattr(path, \"com.app.age\", &read, 1, 0, 0))]",
            "@[@(removexattr(path, \"com.app.age\", 0)), @(getxattr(path, \"com.app.age\", NULL, 0, 0, 0)), @(removexattr(path, \"com.app.age\", 0))]",
            "[[NSFileManager defaultManager] removeItemAtPath:file error:NULL]; [@\"x\" writeToFile:file atomically:YES encoding:NSUTF8StringEncoding error:NULL]; getxattr(path, \"com.app.flag\", NULL, 0, 0, 0)",
            "setxattr(\"/usr/share/dict\", \"x\", \"\\1\", 1, 0, 0)",
            "@[@(getxattr(path, \"com.app.none\", NULL, 0, 0, 0) == -1 && errno == ENOATTR), @(setxattr([[file stringByAppendingString:@\"-gone\"] fileSystemRepresentation], \"x\", \"\\1\", 1, 0, 0) == -1 && errno == ENOENT)]"
        ) == ["0", "@[8, 30.5]", "0", "@[1, 1]", "25", "@[\"com.app.age\", \"com.app.flag\"]", "@[-1, -1, -1]", "@[0, -1, -1]",
              // A file removed takes its attributes with it; a file outside the container takes none.
              "YES", "YES", "-1", "-1", "@[YES, YES]"])
        #expect(shell.run("getxattr(path, \"x\", NULL, 0)").first?.hasSuffix(
            "getxattr takes a path, a name, a buffer (or NULL for the size) and its size, a position and options, as in getxattr(path, \"com.app.age\", &age, sizeof(age), 0, 0), but was given a string, a string, nil, an integer") == true)
    }

    /// A directory moves whole, with what it holds and their attributes, as a cache moves
    /// its folder to the trash before emptying it.
    @Test func directoriesMoveAndCopyWholeWithTheirAttributes() throws {
        let shell = try ShellHarness()
        shell.run("""
            NSFileManager *fm = [NSFileManager defaultManager];
            NSURL *caches = [[fm URLsForDirectory:NSCachesDirectory inDomains:NSUserDomainMask] firstObject];
            NSURL *folder = [caches URLByAppendingPathComponent:@"com.app.cache" isDirectory:YES];
            [fm createDirectoryAtURL:folder withIntermediateDirectories:YES attributes:nil error:NULL];
            NSURL *entry = [folder URLByAppendingPathComponent:@"entry"];
            [@"x" writeToURL:entry atomically:YES encoding:NSUTF8StringEncoding error:NULL];
            setxattr(entry.fileSystemRepresentation, "com.app.hits", "\\3", 1, 0, 0);
            NSURL *trash = [[NSURL fileURLWithPath:NSTemporaryDirectory()] URLByAppendingPathComponent:@"trash" isDirectory:YES];
            [fm createDirectoryAtURL:trash withIntermediateDirectories:YES attributes:nil error:NULL];
            """)
        #expect(shell.run(
            "NSError *error = nil; NSURL *moved = [trash URLByAppendingPathComponent:@\"old\"]; [fm moveItemAtURL:folder toURL:moved error:&error]",
            "@[@([fm fileExistsAtPath:folder.path]), [fm contentsOfDirectoryAtPath:moved.path error:NULL], @(getxattr([moved URLByAppendingPathComponent:@\"entry\"].fileSystemRepresentation, \"com.app.hits\", NULL, 0, 0, 0))]",
            "[fm copyItemAtURL:moved toURL:folder error:&error]; @[@([fm fileExistsAtPath:[folder URLByAppendingPathComponent:@\"entry\"].path]), @([fm fileExistsAtPath:moved.path])]",
            "[fm moveItemAtURL:moved toURL:[moved URLByAppendingPathComponent:@\"inside\"] error:&error]"
        ) == ["YES", "@[NO, @[\"entry\"], 1]", "YES", "@[YES, YES]", "NO"])
    }
}
