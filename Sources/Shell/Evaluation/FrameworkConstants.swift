import Runtime
import UIKitModel

/// The constants of Apple's headers that view controllers use everywhere: the enums'
/// (`UITableViewCellStyleSubtitle`, `UIControlEventTouchUpInside`), with the SDK's values,
/// and the `NSString *const` ones (`UIKeyboardWillShowNotification`), with the strings
/// they hold in the SDK (for notification names and user-info keys, their own names).
///
/// Why data, not a prelude of Objective-C: the constants are looked up by name only when
/// code names one that nothing else defines (the last thing ``Interpreter/value(named:)``
/// tries, after variables and classes), so a session pays nothing for them at start-up,
/// where parsing a prelude of these few hundred declarations would be paid by every run.
/// And since variables come first, a tree that defines one of these names itself (its own
/// copy of an SDK enum, say) gets its own value, with no duplicate-definition error.
///
/// The macros of the same headers (`NSNotFound`, `NSEC_PER_SEC`) are in
/// ``FrameworkMacros``; the struct constants (`CGRectZero`) in ``FrameworkFunctions``.
enum FrameworkConstants {
    /// The constant named `name`, or nil.
    static func value(named name: String) -> Value? { all[name] }

    /// Every name, for suggestions.
    static var names: Dictionary<String, Value>.Keys { all.keys }

    private static let all: [String: Value] = {
        var table: [String: Value] = [:]
        for (prefix, members) in enums {
            for (member, value) in members { table[prefix + member] = .int(value) }
        }
        for (prefix, members) in floatingPoint {
            for (member, value) in members { table[prefix + member] = .double(value) }
        }
        for name in selfNamedStrings { table[name] = .string(name) }
        for (name, value) in strings { table[name] = .string(value) }
        for (name, value) in KeychainFunctions.constants { table[name] = value }
        for (name, value) in StandardIOFunctions.streams { table[name] = value }
        // CoreFoundation's booleans are the NSNumbers @YES and @NO, toll-free bridged.
        table["kCFBooleanTrue"] = .bool(true)
        table["kCFBooleanFalse"] = .bool(false)
        return table
    }()

    /// Enum constants by their type's prefix: `UITableViewCellStyle` + `Subtitle`.
    private static let enums: [(String, [(String, Int)])] = [
        ("UITableViewCellStyle", [("Default", 0), ("Value1", 1), ("Value2", 2), ("Subtitle", 3)]),
        ("UIAccessibilityTrait", AccessibilityTrait.names.map { ($0.name, $0.value) }),
        ("UISwipeGestureRecognizerDirection", SwipeDirection.allCases.map { ($0.name.prefix(1).uppercased() + $0.name.dropFirst(), $0.rawValue) }),
        ("KIFSwipeDirection", SwipeDirection.allCases.map { ($0.name.prefix(1).uppercased() + $0.name.dropFirst(), $0.kifValue) }),
        ("KIFTestStepResult", [("Failure", 0), ("Success", 1), ("Wait", 2)]),
        ("KIFPickerSearch", PickerSearchOrder.allCases.map { ("\($0)".prefix(1).uppercased() + "\($0)".dropFirst(), $0.rawValue) }),
        ("NSURLError", [
            ("Unknown", -1), ("Cancelled", -999), ("BadURL", -1000), ("TimedOut", -1001), ("UnsupportedURL", -1002),
            ("CannotFindHost", -1003), ("CannotConnectToHost", -1004), ("NetworkConnectionLost", -1005), ("DNSLookupFailed", -1006),
            ("HTTPTooManyRedirects", -1007), ("ResourceUnavailable", -1008), ("NotConnectedToInternet", -1009),
            ("RedirectToNonExistentLocation", -1010), ("BadServerResponse", -1011), ("UserCancelledAuthentication", -1012),
            ("UserAuthenticationRequired", -1013), ("ZeroByteResource", -1014), ("CannotDecodeRawData", -1015),
            ("CannotDecodeContentData", -1016), ("CannotParseResponse", -1017), ("AppTransportSecurityRequiresSecureConnection", -1022),
            ("FileDoesNotExist", -1100), ("FileIsDirectory", -1101), ("NoPermissionsToReadFile", -1102), ("DataLengthExceedsMaximum", -1103),
            ("SecureConnectionFailed", -1200), ("ServerCertificateUntrusted", -1202), ("CannotLoadFromNetwork", -2000),
        ]),
        ("XCTIssueType", ClassLibrary.issueTypes),
        ("XCTWaiterResult", [("Completed", 1), ("TimedOut", 2), ("IncorrectOrder", 3), ("InvertedFulfillment", 4), ("Interrupted", 5)]),
        ("UITableViewCellAccessory", [("None", 0), ("DisclosureIndicator", 1), ("DetailDisclosureButton", 2), ("Checkmark", 3), ("DetailButton", 4)]),
        ("UITableViewCellSelectionStyle", [("None", 0), ("Blue", 1), ("Gray", 2), ("Default", 3)]),
        ("UITableViewCellEditingStyle", [("None", 0), ("Delete", 1), ("Insert", 2)]),
        ("UITableViewCellSeparatorStyle", [("None", 0), ("SingleLine", 1), ("SingleLineEtched", 2)]),
        ("UITableViewStyle", [("Plain", 0), ("Grouped", 1), ("InsetGrouped", 2)]),
        ("UITableViewRowAnimation", [("Fade", 0), ("Right", 1), ("Left", 2), ("Top", 3), ("Bottom", 4), ("None", 5), ("Middle", 6), ("Automatic", 100)]),
        ("UITableViewScrollPosition", [("None", 0), ("Top", 1), ("Middle", 2), ("Bottom", 3)]),
        ("UITableViewRowActionStyle", [("Default", 0), ("Destructive", 0), ("Normal", 1)]),
        ("UIContextualActionStyle", [("Normal", 0), ("Destructive", 1)]),
        ("UIControlEvent", [
            ("TouchDown", 1 << 0), ("TouchDownRepeat", 1 << 1), ("TouchDragInside", 1 << 2), ("TouchDragOutside", 1 << 3),
            ("TouchDragEnter", 1 << 4), ("TouchDragExit", 1 << 5), ("TouchUpInside", 1 << 6), ("TouchUpOutside", 1 << 7),
            ("TouchCancel", 1 << 8), ("ValueChanged", 1 << 12), ("PrimaryActionTriggered", 1 << 13), ("MenuActionTriggered", 1 << 14),
            ("EditingDidBegin", 1 << 16), ("EditingChanged", 1 << 17), ("EditingDidEnd", 1 << 18), ("EditingDidEndOnExit", 1 << 19),
            ("AllTouchEvents", 0x0000_0FFF), ("AllEditingEvents", 0x000F_0000), ("ApplicationReserved", 0x0F00_0000),
            ("SystemReserved", 0xF000_0000), ("AllEvents", 0xFFFF_FFFF),
        ]),
        ("UIControlState", [("Normal", 0), ("Highlighted", 1 << 0), ("Disabled", 1 << 1), ("Selected", 1 << 2), ("Focused", 1 << 3),
                            ("Application", 0x00FF_0000), ("Reserved", 0xFF00_0000)]),
        ("UIControlContentHorizontalAlignment", [("Center", 0), ("Left", 1), ("Right", 2), ("Fill", 3), ("Leading", 4), ("Trailing", 5)]),
        ("UIControlContentVerticalAlignment", [("Center", 0), ("Top", 1), ("Bottom", 2), ("Fill", 3)]),
        ("UIButtonType", [("Custom", 0), ("System", 1), ("DetailDisclosure", 2), ("InfoLight", 3), ("InfoDark", 4), ("ContactAdd", 5),
                          ("Close", 7), ("RoundedRect", 1)]),
        ("UIBarButtonSystemItem", [
            ("Done", 0), ("Cancel", 1), ("Edit", 2), ("Save", 3), ("Add", 4), ("FlexibleSpace", 5), ("FixedSpace", 6), ("Compose", 7),
            ("Reply", 8), ("Action", 9), ("Organize", 10), ("Bookmarks", 11), ("Search", 12), ("Refresh", 13), ("Stop", 14),
            ("Camera", 15), ("Trash", 16), ("Play", 17), ("Pause", 18), ("Rewind", 19), ("FastForward", 20), ("Undo", 21), ("Redo", 22),
            ("PageCurl", 23), ("Close", 24),
        ]),
        ("UIBarButtonItemStyle", [("Plain", 0), ("Bordered", 1), ("Done", 2)]),
        ("UIBarStyle", [("Default", 0), ("Black", 1), ("BlackOpaque", 1), ("BlackTranslucent", 2)]),
        ("UIBarPosition", [("Any", 0), ("Bottom", 1), ("Top", 2), ("TopAttached", 3)]),
        ("UIAlertControllerStyle", [("ActionSheet", 0), ("Alert", 1)]),
        ("UIAlertActionStyle", [("Default", 0), ("Cancel", 1), ("Destructive", 2)]),
        ("UIModalPresentation", [
            ("FullScreen", 0), ("PageSheet", 1), ("FormSheet", 2), ("CurrentContext", 3), ("Custom", 4), ("OverFullScreen", 5),
            ("OverCurrentContext", 6), ("Popover", 7), ("None", -1), ("Automatic", -2),
        ]),
        ("UIModalTransitionStyle", [("CoverVertical", 0), ("FlipHorizontal", 1), ("CrossDissolve", 2), ("PartialCurl", 3)]),
        ("UIStatusBarStyle", [("Default", 0), ("LightContent", 1), ("DarkContent", 3), ("BlackTranslucent", 1), ("BlackOpaque", 2)]),
        ("UIStatusBarAnimation", [("None", 0), ("Fade", 1), ("Slide", 2)]),
        ("UIInterfaceOrientation", [("Unknown", 0), ("Portrait", 1), ("PortraitUpsideDown", 2), ("LandscapeLeft", 4), ("LandscapeRight", 3)]),
        ("UIInterfaceOrientationMask", [
            ("Portrait", 1 << 1), ("LandscapeLeft", 1 << 4), ("LandscapeRight", 1 << 3), ("PortraitUpsideDown", 1 << 2),
            ("Landscape", 1 << 4 | 1 << 3), ("All", 1 << 1 | 1 << 4 | 1 << 3 | 1 << 2), ("AllButUpsideDown", 1 << 1 | 1 << 4 | 1 << 3),
        ]),
        ("UIDeviceOrientation", [("Unknown", 0), ("Portrait", 1), ("PortraitUpsideDown", 2), ("LandscapeLeft", 3), ("LandscapeRight", 4),
                                 ("FaceUp", 5), ("FaceDown", 6)]),
        ("UIUserInterfaceIdiom", [("Unspecified", -1), ("Phone", 0), ("Pad", 1), ("TV", 2), ("CarPlay", 3), ("Mac", 5), ("Vision", 6)]),
        ("UIUserInterfaceStyle", [("Unspecified", 0), ("Light", 1), ("Dark", 2)]),
        ("UIUserInterfaceLayoutDirection", [("LeftToRight", 0), ("RightToLeft", 1)]),
        ("UIUserInterfaceSizeClass", [("Unspecified", 0), ("Compact", 1), ("Regular", 2)]),
        ("UIViewContentMode", [
            ("ScaleToFill", 0), ("ScaleAspectFit", 1), ("ScaleAspectFill", 2), ("Redraw", 3), ("Center", 4), ("Top", 5), ("Bottom", 6),
            ("Left", 7), ("Right", 8), ("TopLeft", 9), ("TopRight", 10), ("BottomLeft", 11), ("BottomRight", 12),
        ]),
        ("UIViewAutoresizing", [("None", 0), ("FlexibleLeftMargin", 1 << 0), ("FlexibleWidth", 1 << 1), ("FlexibleRightMargin", 1 << 2),
                                ("FlexibleTopMargin", 1 << 3), ("FlexibleHeight", 1 << 4), ("FlexibleBottomMargin", 1 << 5)]),
        ("UIRectEdge", [("None", 0), ("Top", 1 << 0), ("Left", 1 << 1), ("Bottom", 1 << 2), ("Right", 1 << 3), ("All", 0xF)]),
        // AllCorners is `~0UL`: every bit, which rtsh's signed integers hold as -1.
        ("UIRectCorner", [("TopLeft", 1 << 0), ("TopRight", 1 << 1), ("BottomLeft", 1 << 2), ("BottomRight", 1 << 3), ("AllCorners", -1)]),
        ("NSTextAlignment", [("Left", 0), ("Center", 1), ("Right", 2), ("Justified", 3), ("Natural", 4)]),
        ("NSRegularExpression", [
            ("CaseInsensitive", 1), ("AllowCommentsAndWhitespace", 2), ("IgnoreMetacharacters", 4), ("DotMatchesLineSeparators", 8),
            ("AnchorsMatchLines", 16), ("UseUnixLineSeparators", 32), ("UseUnicodeWordBoundaries", 64),
        ]),
        ("NSMatching", [
            ("ReportProgress", 1), ("ReportCompletion", 2), ("Anchored", 4), ("WithTransparentBounds", 8), ("WithoutAnchoringBounds", 16),
        ]),
        ("NSTextCheckingType", [
            ("Orthography", 1), ("Spelling", 2), ("Grammar", 4), ("Date", 8), ("Address", 16), ("Link", 32), ("Quote", 64), ("Dash", 128),
            ("Replacement", 256), ("Correction", 512), ("RegularExpression", 1024), ("PhoneNumber", 2048), ("TransitInformation", 4096),
        ]),
        ("NSLineBreakBy", [("WordWrapping", 0), ("CharWrapping", 1), ("Clipping", 2), ("TruncatingHead", 3), ("TruncatingTail", 4),
                           ("TruncatingMiddle", 5)]),
        ("UIKeyboardType", [
            ("Default", 0), ("ASCIICapable", 1), ("NumbersAndPunctuation", 2), ("URL", 3), ("NumberPad", 4), ("PhonePad", 5),
            ("NamePhonePad", 6), ("EmailAddress", 7), ("DecimalPad", 8), ("Twitter", 9), ("WebSearch", 10), ("ASCIICapableNumberPad", 11),
            ("Alphabet", 1),
        ]),
        ("UIKeyboardAppearance", [("Default", 0), ("Dark", 1), ("Light", 2), ("Alert", 1)]),
        ("UIReturnKey", [("Default", 0), ("Go", 1), ("Google", 2), ("Join", 3), ("Next", 4), ("Route", 5), ("Search", 6), ("Send", 7),
                         ("Yahoo", 8), ("Done", 9), ("EmergencyCall", 10), ("Continue", 11)]),
        ("UITextBorderStyle", [("None", 0), ("Line", 1), ("Bezel", 2), ("RoundedRect", 3)]),
        ("UITextFieldViewMode", [("Never", 0), ("WhileEditing", 1), ("UnlessEditing", 2), ("Always", 3)]),
        ("UITextAutocapitalizationType", [("None", 0), ("Words", 1), ("Sentences", 2), ("AllCharacters", 3)]),
        ("UITextAutocorrectionType", [("Default", 0), ("No", 1), ("Yes", 2)]),
        ("UITextSpellCheckingType", [("Default", 0), ("No", 1), ("Yes", 2)]),
        ("UIActivityIndicatorViewStyle", [("WhiteLarge", 0), ("White", 1), ("Gray", 2), ("Medium", 100), ("Large", 101)]),
        ("UIImageRenderingMode", [("Automatic", 0), ("AlwaysOriginal", 1), ("AlwaysTemplate", 2)]),
        ("UIImageResizingMode", [("Tile", 0), ("Stretch", 1)]),
        ("UIImageOrientation", [("Up", 0), ("Down", 1), ("Left", 2), ("Right", 3), ("UpMirrored", 4), ("DownMirrored", 5),
                                ("LeftMirrored", 6), ("RightMirrored", 7)]),
        ("UISplitViewControllerDisplayMode", [
            ("Automatic", 0), ("SecondaryOnly", 1), ("OneBesideSecondary", 2), ("OneOverSecondary", 3), ("TwoBesideSecondary", 4),
            ("TwoOverSecondary", 5), ("TwoDisplaceSecondary", 6), ("PrimaryHidden", 1), ("AllVisible", 2), ("PrimaryOverlay", 3),
        ]),
        ("UIViewAnimationOption", [
            ("LayoutSubviews", 1 << 0), ("AllowUserInteraction", 1 << 1), ("BeginFromCurrentState", 1 << 2), ("Repeat", 1 << 3),
            ("Autoreverse", 1 << 4), ("OverrideInheritedDuration", 1 << 5), ("OverrideInheritedCurve", 1 << 6),
            ("AllowAnimatedContent", 1 << 7), ("ShowHideTransitionViews", 1 << 8), ("OverrideInheritedOptions", 1 << 9),
            ("CurveEaseInOut", 0 << 16), ("CurveEaseIn", 1 << 16), ("CurveEaseOut", 2 << 16), ("CurveLinear", 3 << 16),
            ("TransitionNone", 0 << 20), ("TransitionFlipFromLeft", 1 << 20), ("TransitionFlipFromRight", 2 << 20),
            ("TransitionCurlUp", 3 << 20), ("TransitionCurlDown", 4 << 20), ("TransitionCrossDissolve", 5 << 20),
            ("TransitionFlipFromTop", 6 << 20), ("TransitionFlipFromBottom", 7 << 20),
            ("PreferredFramesPerSecondDefault", 0 << 24), ("PreferredFramesPerSecond60", 3 << 24), ("PreferredFramesPerSecond30", 7 << 24),
        ]),
        ("UIViewAnimationCurve", [("EaseInOut", 0), ("EaseIn", 1), ("EaseOut", 2), ("Linear", 3)]),
        ("UIScrollViewKeyboardDismissMode", [("None", 0), ("OnDrag", 1), ("Interactive", 2)]),
        ("UIScrollViewIndicatorStyle", [("Default", 0), ("Black", 1), ("White", 2)]),
        ("UIScrollViewContentInsetAdjustment", [("Automatic", 0), ("ScrollableAxes", 1), ("Never", 2), ("Always", 3)]),
        ("UICollectionViewScrollDirection", [("Vertical", 0), ("Horizontal", 1)]),
        ("UICollectionViewScrollPosition", [("None", 0), ("Top", 1 << 0), ("CenteredVertically", 1 << 1), ("Bottom", 1 << 2),
                                            ("Left", 1 << 3), ("CenteredHorizontally", 1 << 4), ("Right", 1 << 5)]),
        ("UIGestureRecognizerState", [("Possible", 0), ("Began", 1), ("Changed", 2), ("Ended", 3), ("Cancelled", 4), ("Failed", 5),
                                      ("Recognized", 3)]),
        ("UISwipeGestureRecognizerDirection", [("Right", 1 << 0), ("Left", 1 << 1), ("Up", 1 << 2), ("Down", 1 << 3)]),
        ("UIApplicationState", [("Active", 0), ("Inactive", 1), ("Background", 2)]),
        ("UIBackgroundFetchResult", [("NewData", 0), ("NoData", 1), ("Failed", 2)]),
        ("UILayoutConstraintAxis", [("Horizontal", 0), ("Vertical", 1)]),
        ("UIStackViewDistribution", [("Fill", 0), ("FillEqually", 1), ("FillProportionally", 2), ("EqualSpacing", 3), ("EqualCentering", 4)]),
        ("UIStackViewAlignment", [("Fill", 0), ("Leading", 1), ("Top", 1), ("FirstBaseline", 2), ("Center", 3), ("Trailing", 4),
                                  ("Bottom", 4), ("LastBaseline", 5)]),
        ("NSLayoutRelation", [("LessThanOrEqual", -1), ("Equal", 0), ("GreaterThanOrEqual", 1)]),
        // Each alignment option is 1 << the attribute it aligns by.
        ("NSLayoutFormat", [
            ("AlignAllLeft", 1 << 1), ("AlignAllRight", 1 << 2), ("AlignAllTop", 1 << 3), ("AlignAllBottom", 1 << 4),
            ("AlignAllLeading", 1 << 5), ("AlignAllTrailing", 1 << 6), ("AlignAllCenterX", 1 << 9), ("AlignAllCenterY", 1 << 10),
            ("AlignAllLastBaseline", 1 << 11), ("AlignAllBaseline", 1 << 11), ("AlignAllFirstBaseline", 1 << 12),
            ("AlignmentMask", 0xFFFF), ("DirectionLeadingToTrailing", 0), ("DirectionLeftToRight", 1 << 16),
            ("DirectionRightToLeft", 2 << 16), ("DirectionMask", 0x3 << 16), ("SpacingEdgeToEdge", 0), ("SpacingBaselineToBaseline", 1 << 19),
            ("SpacingMask", 1 << 19),
        ]),
        ("NSLayoutAttribute", [
            ("Left", 1), ("Right", 2), ("Top", 3), ("Bottom", 4), ("Leading", 5), ("Trailing", 6), ("Width", 7), ("Height", 8),
            ("CenterX", 9), ("CenterY", 10), ("LastBaseline", 11), ("Baseline", 11), ("FirstBaseline", 12), ("LeftMargin", 13),
            ("RightMargin", 14), ("TopMargin", 15), ("BottomMargin", 16), ("LeadingMargin", 17), ("TrailingMargin", 18),
            ("CenterXWithinMargins", 19), ("CenterYWithinMargins", 20), ("NotAnAttribute", 0),
        ]),
        ("UIDatePickerMode", [("Time", 0), ("Date", 1), ("DateAndTime", 2), ("CountDownTimer", 3)]),
        ("UIProgressViewStyle", [("Default", 0), ("Bar", 1)]),
        ("UISearchBarStyle", [("Default", 0), ("Prominent", 1), ("Minimal", 2)]),
        ("UIBlurEffectStyle", [("ExtraLight", 0), ("Light", 1), ("Dark", 2), ("Regular", 4), ("Prominent", 5)]),
        ("UIImpactFeedbackStyle", [("Light", 0), ("Medium", 1), ("Heavy", 2), ("Soft", 3), ("Rigid", 4)]),
        ("UINotificationFeedbackType", [("Success", 0), ("Warning", 1), ("Error", 2)]),
        ("UINavigationControllerOperation", [("None", 0), ("Push", 1), ("Pop", 2)]),
        ("UIPageViewControllerTransitionStyle", [("PageCurl", 0), ("Scroll", 1)]),
        ("UIPageViewControllerNavigationOrientation", [("Horizontal", 0), ("Vertical", 1)]),
        ("UIPageViewControllerNavigationDirection", [("Forward", 0), ("Reverse", 1)]),
        ("UIBackgroundTask", [("Invalid", 0)]),
        ("NSOrdered", [("Ascending", -1), ("Same", 0), ("Descending", 1)]),
        ("kCFStringEncoding", [("UTF8", 0x0800_0100), ("ASCII", 0x0600), ("ISOLatin1", 0x0201), ("Unicode", 0x0100)]),
        ("NSOperationQueue", [("DefaultMaxConcurrentOperationCount", -1)]),
        ("UIBarMetrics", [("Default", 0), ("Compact", 1), ("DefaultPrompt", 101), ("CompactPrompt", 102)]),
        ("UIDataDetectorType", [("None", 0), ("PhoneNumber", 1), ("Link", 2), ("Address", 4), ("CalendarEvent", 8), ("All", -1)]),
        ("UIPageViewControllerTransitionStyle", [("PageCurl", 0), ("Scroll", 1)]),
        ("UIPageViewControllerNavigationOrientation", [("Horizontal", 0), ("Vertical", 1)]),
        ("NSOperationQueuePriority", [("VeryLow", -8), ("Low", -4), ("Normal", 0), ("High", 4), ("VeryHigh", 8)]),
        ("NSRound", [("Plain", 0), ("Down", 1), ("Up", 2), ("Bankers", 3)]),
        ("NS", [
            ("ApplicationDirectory", 1), ("LibraryDirectory", 5), ("UserDirectory", 7), ("DocumentationDirectory", 8), ("DocumentDirectory", 9),
            ("DesktopDirectory", 12), ("CachesDirectory", 13), ("ApplicationSupportDirectory", 14), ("DownloadsDirectory", 15),
            ("ItemReplacementDirectory", 99), ("AllApplicationsDirectory", 100), ("AllLibrariesDirectory", 101), ("TrashDirectory", 102),
            ("UserDomainMask", 1), ("LocalDomainMask", 2), ("NetworkDomainMask", 4), ("SystemDomainMask", 8), ("AllDomainsMask", 0x0ffff),
            ("DataWritingAtomic", 1), ("DataWritingWithoutOverwriting", 2), ("DataWritingFileProtectionNone", 0x1000_0000),
            ("DataWritingFileProtectionComplete", 0x2000_0000), ("DataWritingFileProtectionCompleteUnlessOpen", 0x3000_0000),
            ("DataWritingFileProtectionCompleteUntilFirstUserAuthentication", 0x4000_0000), ("DataWritingFileProtectionMask", 0xF000_0000),
            ("DirectoryEnumerationSkipsSubdirectoryDescendants", 1), ("DirectoryEnumerationSkipsPackageDescendants", 2),
            ("DirectoryEnumerationSkipsHiddenFiles", 4),
            // NSCocoaErrorDomain's file codes, as the file manager and the readers give them.
            ("FileNoSuchFileError", 4), ("FileLockingError", 255), ("FileReadUnknownError", 256), ("FileReadNoPermissionError", 257),
            ("FileReadInvalidFileNameError", 258), ("FileReadCorruptFileError", 259), ("FileReadNoSuchFileError", 260),
            ("FileReadInapplicableStringEncodingError", 261), ("FileReadUnsupportedSchemeError", 262), ("FileReadTooLargeError", 263),
            ("FileWriteUnknownError", 512), ("FileWriteNoPermissionError", 513), ("FileWriteInvalidFileNameError", 514),
            ("FileWriteFileExistsError", 516), ("FileWriteInapplicableStringEncodingError", 517), ("FileWriteOutOfSpaceError", 640),
        ]),
        ("NSStringDrawing", [("UsesLineFragmentOrigin", 1), ("UsesFontLeading", 2), ("UsesDeviceMetrics", 8), ("TruncatesLastVisibleLine", 32)]),
        ("NS", [
            ("ASCIIStringEncoding", 1), ("UTF8StringEncoding", 4), ("ISOLatin1StringEncoding", 5), ("UnicodeStringEncoding", 10),
            ("UTF16StringEncoding", 10), ("UTF16BigEndianStringEncoding", 0x9000_0100), ("UTF16LittleEndianStringEncoding", 0x9400_0100),
            ("UTF32StringEncoding", 0x8C00_0100),
            ("CaseInsensitiveSearch", 1), ("LiteralSearch", 2), ("BackwardsSearch", 4), ("AnchoredSearch", 8), ("NumericSearch", 64),
            ("DiacriticInsensitiveSearch", 128), ("WidthInsensitiveSearch", 256), ("ForcedOrderingSearch", 512),
            ("RegularExpressionSearch", 1024),
            ("JSONReadingMutableContainers", 1), ("JSONReadingMutableLeaves", 2), ("JSONReadingFragmentsAllowed", 4),
            ("JSONReadingAllowFragments", 4), ("JSONWritingPrettyPrinted", 1), ("JSONWritingSortedKeys", 2),
            ("JSONWritingFragmentsAllowed", 4), ("JSONWritingWithoutEscapingSlashes", 8), ("JSONReadingJSON5Allowed", 8),
            ("JSONReadingTopLevelDictionaryAssumed", 16),
            ("DataReadingMappedIfSafe", 1), ("DataReadingUncached", 2), ("DataReadingMappedAlways", 8),
            ("FileReadUnknownError", 256), ("FileReadNoPermissionError", 257), ("FileReadNoSuchFileError", 260),
            ("FileReadInapplicableStringEncodingError", 261), ("FileReadUnsupportedSchemeError", 262), ("FileReadTooLargeError", 263),
            ("PropertyListReadCorruptError", 3840),
            ("KeyValueObservingOptionNew", 1), ("KeyValueObservingOptionOld", 2), ("KeyValueObservingOptionInitial", 4),
            ("KeyValueObservingOptionPrior", 8), ("KeyValueChangeSetting", 1), ("KeyValueChangeInsertion", 2), ("KeyValueChangeRemoval", 3),
            ("KeyValueChangeReplacement", 4),
            ("EnumerationConcurrent", 1), ("EnumerationReverse", 2),
            ("PointerFunctionsStrongMemory", 0), ("PointerFunctionsZeroingWeakMemory", 1), ("PointerFunctionsOpaqueMemory", 2),
            ("PointerFunctionsMallocMemory", 3), ("PointerFunctionsMachVirtualMemory", 4), ("PointerFunctionsWeakMemory", 5),
            ("PointerFunctionsObjectPersonality", 0), ("PointerFunctionsOpaquePersonality", 256), ("PointerFunctionsObjectPointerPersonality", 512),
            ("PointerFunctionsCStringPersonality", 768), ("PointerFunctionsStructPersonality", 1024), ("PointerFunctionsIntegerPersonality", 1280),
            ("PointerFunctionsCopyIn", 65536),
            ("HashTableStrongMemory", 0), ("HashTableZeroingWeakMemory", 1), ("HashTableCopyIn", 65536),
            ("HashTableObjectPointerPersonality", 512), ("HashTableWeakMemory", 5),
            ("MapTableStrongMemory", 0), ("MapTableZeroingWeakMemory", 1), ("MapTableCopyIn", 65536),
            ("MapTableObjectPointerPersonality", 512), ("MapTableWeakMemory", 5),
        ]),
        ("NSDateFormatter", [("NoStyle", 0), ("ShortStyle", 1), ("MediumStyle", 2), ("LongStyle", 3), ("FullStyle", 4)]),
        ("NSCalendarUnit", [("Era", 2), ("Year", 4), ("Month", 8), ("Day", 16), ("Hour", 32), ("Minute", 64), ("Second", 128),
                            ("Weekday", 512), ("WeekdayOrdinal", 1024), ("Quarter", 2048), ("WeekOfMonth", 4096), ("WeekOfYear", 8192),
                            ("YearForWeekOfYear", 16384), ("Nanosecond", 32768), ("Calendar", 1 << 20), ("TimeZone", 1 << 21)]),
        // The names before iOS 8, still common in older code.
        ("NS", [("EraCalendarUnit", 2), ("YearCalendarUnit", 4), ("MonthCalendarUnit", 8), ("DayCalendarUnit", 16), ("HourCalendarUnit", 32),
                ("MinuteCalendarUnit", 64), ("SecondCalendarUnit", 128), ("WeekdayCalendarUnit", 512), ("WeekdayOrdinalCalendarUnit", 1024),
                ("DateComponentUndefined", Int.max)]),
        ("NSCalendar", [("WrapComponents", 1), ("MatchStrictly", 2), ("SearchBackwards", 4), ("MatchPreviousTimePreservingSmallerUnits", 256),
                        ("MatchNextTimePreservingSmallerUnits", 512), ("MatchNextTime", 1024), ("MatchFirst", 4096), ("MatchLast", 8192)]),
        ("NSNumberFormatter", [("NoStyle", 0), ("DecimalStyle", 1), ("CurrencyStyle", 2), ("PercentStyle", 3), ("ScientificStyle", 4),
                               ("SpellOutStyle", 5)]),
        ("NSQualityOfService", [("UserInteractive", 0x21), ("UserInitiated", 0x19), ("Utility", 0x11), ("Background", 0x09), ("Default", -1)]),
        ("OBJC_ASSOCIATION_", [("ASSIGN", 0), ("RETAIN_NONATOMIC", 1), ("COPY_NONATOMIC", 3), ("RETAIN", 0o1401), ("COPY", 0o1403)]),
        // A lock's initial value: the model's locks keep no state (see LockFunctions).
        ("PTHREAD_MUTEX_", [("NORMAL", 0), ("ERRORCHECK", 1), ("RECURSIVE", 2), ("DEFAULT", 0), ("INITIALIZER", 0)]),
        ("PTHREAD_RWLOCK_INITIALIZER", [("", 0)]), ("OS_UNFAIR_LOCK_INIT", [("", 0)]), ("OS_SPINLOCK_INIT", [("", 0)]),
        // A condition's signals so far, and a clear atomic flag.
        ("PTHREAD_COND_INITIALIZER", [("", 0)]), ("ATOMIC_FLAG_INIT", [("", 0)]),
        // <errno.h>'s codes, Darwin's numbers, that code compares `errno` with.
        ("E", [("PERM", 1), ("NOENT", 2), ("INTR", 4), ("IO", 5), ("BADF", 9), ("NOMEM", 12), ("ACCES", 13), ("BUSY", 16),
               ("EXIST", 17), ("NOTDIR", 20), ("ISDIR", 21), ("INVAL", 22), ("NOSPC", 28), ("RANGE", 34), ("AGAIN", 35),
               ("NOTSUP", 45), ("TIMEDOUT", 60), ("NOTEMPTY", 66), ("NOATTR", 93)]),
        // Security's default generator is NULL; errSecSuccess is 0.
        ("kSecRandomDefault", [("", 0)]), ("errSecSuccess", [("", 0)]),
        ("kCCHmacAlg", [("SHA1", 0), ("MD5", 1), ("SHA256", 2), ("SHA384", 3), ("SHA512", 4), ("SHA224", 5)]),
        ("XATTR_", [("NOFOLLOW", 1), ("CREATE", 2), ("REPLACE", 4), ("NOSECURITY", 8), ("NODEFAULT", 0x10), ("SHOWCOMPRESSION", 0x20)]),
        // Core Foundation's "no options", which Foundation's option parameters are often given.
        ("kNilOptions", [("", 0)]),
        ("kCLAuthorizationStatus", [("NotDetermined", 0), ("Restricted", 1), ("Denied", 2), ("AuthorizedAlways", 3), ("AuthorizedWhenInUse", 4), ("Authorized", 3)]),
        ("kCLError", [("LocationUnknown", 0), ("Denied", 1), ("Network", 2), ("HeadingFailure", 3), ("RegionMonitoringDenied", 4),
                      ("RegionMonitoringFailure", 5), ("GeocodeFoundNoResult", 8), ("GeocodeCanceled", 10)]),
        // The stages of a run loop's turn its observers watch, and why a run ended.
        ("kCFRunLoop", [("Entry", 1), ("BeforeTimers", 1 << 1), ("BeforeSources", 1 << 2), ("BeforeWaiting", 1 << 5),
                        ("AfterWaiting", 1 << 6), ("Exit", 1 << 7), ("AllActivities", 0x0FFF_FFFF),
                        ("RunFinished", 1), ("RunStopped", 2), ("RunTimedOut", 3), ("RunHandledSource", 4)]),
        ("CLActivityType", [("Other", 1), ("AutomotiveNavigation", 2), ("Fitness", 3), ("OtherNavigation", 4), ("Airborne", 5)]),
    ]

    /// CGFloat and float constants.
    private static let floatingPoint: [(String, [(String, Double)])] = [
        ("UILayoutPriority", [("Required", 1000), ("DefaultHigh", 750), ("DragThatCanResizeScene", 510), ("SceneSizeStayPut", 500),
                              ("DragThatCannotResizeScene", 490), ("DefaultLow", 250), ("FittingSizeLevel", 50)]),
        ("UIFontWeight", [("UltraLight", -0.8), ("Thin", -0.6), ("Light", -0.4), ("Regular", 0), ("Medium", 0.23), ("Semibold", 0.3),
                          ("Bold", 0.4), ("Heavy", 0.56), ("Black", 0.62)]),
        ("UIWindowLevel", [("Normal", 0), ("StatusBar", 1000), ("Alert", 2000)]),
        ("UIScrollViewDecelerationRate", [("Normal", 0.998), ("Fast", 0.99)]),
        ("UITableViewAutomaticDimension", [("", -1)]),
        ("UIViewNoIntrinsicMetric", [("", -1)]),
        ("kCLLocationAccuracy", [("BestForNavigation", -2), ("Best", -1), ("NearestTenMeters", 10), ("HundredMeters", 100),
                                 ("Kilometer", 1000), ("ThreeKilometers", 3000), ("Reduced", 3000)]),
        ("kCLDistanceFilterNone", [("", -1)]),
        ("CLLocationDistanceMax", [("", .greatestFiniteMagnitude)]),
    ]

    /// Notification names and user-info keys, whose strings are their own names.
    private static let selfNamedStrings = [
        // Dispatch source types: in C, the addresses of the types; here, their names.
        "DISPATCH_SOURCE_TYPE_TIMER", "DISPATCH_SOURCE_TYPE_DATA_ADD", "DISPATCH_SOURCE_TYPE_DATA_OR", "DISPATCH_SOURCE_TYPE_READ",
        "DISPATCH_SOURCE_TYPE_WRITE", "DISPATCH_SOURCE_TYPE_SIGNAL", "DISPATCH_SOURCE_TYPE_PROC", "DISPATCH_SOURCE_TYPE_VNODE",
        "DISPATCH_SOURCE_TYPE_MEMORYPRESSURE",
        "UIKeyboardWillShowNotification", "UIKeyboardDidShowNotification", "UIKeyboardWillHideNotification",
        "UIKeyboardDidHideNotification", "UIKeyboardWillChangeFrameNotification", "UIKeyboardDidChangeFrameNotification",
        "UIKeyboardFrameBeginUserInfoKey", "UIKeyboardFrameEndUserInfoKey", "UIKeyboardAnimationDurationUserInfoKey",
        "UIKeyboardAnimationCurveUserInfoKey", "UIKeyboardIsLocalUserInfoKey",
        "UIApplicationDidBecomeActiveNotification", "UIApplicationWillResignActiveNotification",
        "UIApplicationDidEnterBackgroundNotification", "UIApplicationWillEnterForegroundNotification",
        "UIApplicationDidFinishLaunchingNotification", "UIApplicationWillTerminateNotification",
        "UIApplicationDidReceiveMemoryWarningNotification", "UIApplicationSignificantTimeChangeNotification",
        "UIContentSizeCategoryDidChangeNotification", "UIContentSizeCategoryNewValueKey", "UIDeviceOrientationDidChangeNotification",
        "UITextFieldTextDidChangeNotification", "UITextFieldTextDidBeginEditingNotification", "UITextFieldTextDidEndEditingNotification",
        "UITextViewTextDidChangeNotification", "UITextViewTextDidBeginEditingNotification", "UITextViewTextDidEndEditingNotification",
        "UIAccessibilityVoiceOverStatusDidChangeNotification",
        "UIApplicationLaunchOptionsURLKey", "UIApplicationLaunchOptionsRemoteNotificationKey",
        "NSSystemTimeZoneDidChangeNotification", "NSCurrentLocaleDidChangeNotification", "NSUserDefaultsDidChangeNotification",
        "NSCocoaErrorDomain", "NSURLErrorDomain", "NSPOSIXErrorDomain", "NSOSStatusErrorDomain", "NSMachErrorDomain",
        "NSGenericException", "NSRangeException", "NSInvalidArgumentException", "NSInternalInconsistencyException",
        "NSObjectInaccessibleException", "NSObjectNotAvailableException", "NSDestinationInvalidException",
        "NSMallocException", "NSParseErrorException", "NSCharacterConversionException", "NSFileHandleOperationException",
        // A file URL's resource keys and the values of its resource type (see `FileResources`).
        "NSURLNameKey", "NSURLLocalizedNameKey", "NSURLPathKey", "NSURLIsDirectoryKey", "NSURLIsRegularFileKey", "NSURLIsSymbolicLinkKey",
        "NSURLIsPackageKey", "NSURLIsAliasFileKey", "NSURLIsHiddenKey", "NSURLIsReadableKey", "NSURLIsWritableKey", "NSURLFileResourceTypeKey",
        "NSURLFileSizeKey", "NSURLTotalFileSizeKey", "NSURLFileAllocatedSizeKey", "NSURLTotalFileAllocatedSizeKey", "NSURLCreationDateKey",
        "NSURLContentModificationDateKey", "NSURLAttributeModificationDateKey", "NSURLContentAccessDateKey", "NSURLIsExcludedFromBackupKey",
        "NSURLFileResourceTypeRegular", "NSURLFileResourceTypeDirectory",
        "UITrackingRunLoopMode", "kCFRunLoopDefaultMode", "kCFRunLoopCommonModes", "UICollectionElementKindSectionHeader", "UICollectionElementKindSectionFooter",
        "UIKeyInputUpArrow", "UIKeyInputDownArrow", "UIKeyInputLeftArrow", "UIKeyInputRightArrow", "UIKeyInputPageUp",
        "UIKeyInputPageDown", "UIKeyInputHome", "UIKeyInputEnd",
    ]

    /// String constants whose strings are not their names.
    private static let strings: [(String, String)] = [
        ("XCTestErrorDomain", "com.apple.XCTestErrorDomain"), ("kCLErrorDomain", "kCLErrorDomain"),
        ("NSNegateBooleanTransformerName", "NSNegateBoolean"), ("NSIsNilTransformerName", "NSIsNil"),
        ("NSIsNotNilTransformerName", "NSIsNotNil"), ("NSUnarchiveFromDataTransformerName", "NSUnarchiveFromData"),
        ("NSKeyedUnarchiveFromDataTransformerName", "NSKeyedUnarchiveFromData"),
        ("NSSecureUnarchiveFromDataTransformerName", "NSSecureUnarchiveFromData"),
        ("NSCalendarIdentifierGregorian", "gregorian"), ("NSGregorianCalendar", "gregorian"), ("NSCalendarIdentifierISO8601", "iso8601"),
        ("NSCalendarIdentifierBuddhist", "buddhist"), ("NSCalendarIdentifierJapanese", "japanese"), ("NSCalendarIdentifierHebrew", "hebrew"),
        ("NSCalendarIdentifierIslamic", "islamic"), ("NSCalendarIdentifierIslamicCivil", "islamic-civil"), ("NSCalendarIdentifierChinese", "chinese"),
        ("NSCalendarIdentifierPersian", "persian"), ("NSCalendarIdentifierIndian", "indian"),
                ("NSLocalizedDescriptionKey", "NSLocalizedDescription"), ("NSUnderlyingErrorKey", "NSUnderlyingError"),
        ("NSLocalizedFailureReasonErrorKey", "NSLocalizedFailureReason"),
        ("NSLocalizedRecoverySuggestionErrorKey", "NSLocalizedRecoverySuggestion"),
        ("NSLocalizedRecoveryOptionsErrorKey", "NSLocalizedRecoveryOptions"), ("NSFilePathErrorKey", "NSFilePath"),
        ("NSURLErrorKey", "NSURL"), ("NSURLErrorFailingURLErrorKey", "NSErrorFailingURLKey"),
        ("NSURLErrorFailingURLStringErrorKey", "NSErrorFailingURLStringKey"), ("NSHelpAnchorErrorKey", "NSHelpAnchor"),
        ("NSFileSize", "NSFileSize"), ("NSFileType", "NSFileType"), ("NSFileTypeRegular", "NSFileTypeRegular"),
        ("NSFileTypeDirectory", "NSFileTypeDirectory"), ("NSFileProtectionKey", "NSFileProtectionKey"),
        ("NSFileProtectionNone", "NSFileProtectionNone"), ("NSFileProtectionComplete", "NSFileProtectionComplete"),
        ("NSFileProtectionCompleteUnlessOpen", "NSFileProtectionCompleteUnlessOpen"),
        ("NSFileProtectionCompleteUntilFirstUserAuthentication", "NSFileProtectionCompleteUntilFirstUserAuthentication"),
        ("NSFileModificationDate", "NSFileModificationDate"), ("NSFileCreationDate", "NSFileCreationDate"),
        ("NSKeyedArchiveRootObjectKey", "root"), ("NSDefaultRunLoopMode", "kCFRunLoopDefaultMode"), ("NSRunLoopCommonModes", "kCFRunLoopCommonModes"),
        ("UIFontTextStyleLargeTitle", "UICTFontTextStyleTitle0"), ("UIFontTextStyleTitle1", "UICTFontTextStyleTitle1"),
        ("UIFontTextStyleTitle2", "UICTFontTextStyleTitle2"), ("UIFontTextStyleTitle3", "UICTFontTextStyleTitle3"),
        ("UIFontTextStyleHeadline", "UICTFontTextStyleHeadline"), ("UIFontTextStyleSubheadline", "UICTFontTextStyleSubhead"),
        ("UIFontTextStyleBody", "UICTFontTextStyleBody"), ("UIFontTextStyleCallout", "UICTFontTextStyleCallout"),
        ("UIFontTextStyleFootnote", "UICTFontTextStyleFootnote"), ("UIFontTextStyleCaption1", "UICTFontTextStyleCaption1"),
        ("UIFontTextStyleCaption2", "UICTFontTextStyleCaption2"),
        ("NSFontAttributeName", "NSFont"), ("NSForegroundColorAttributeName", "NSColor"),
        ("NSBackgroundColorAttributeName", "NSBackgroundColor"), ("NSParagraphStyleAttributeName", "NSParagraphStyle"),
        ("NSKernAttributeName", "NSKern"), ("NSUnderlineStyleAttributeName", "NSUnderline"),
        ("NSStrikethroughStyleAttributeName", "NSStrikethrough"), ("NSLinkAttributeName", "NSLink"),
        ("NSUnderlineColorAttributeName", "NSUnderlineColor"), ("NSStrikethroughColorAttributeName", "NSStrikethroughColor"),
        ("NSStrokeColorAttributeName", "NSStrokeColor"), ("NSStrokeWidthAttributeName", "NSStrokeWidth"),
        ("NSShadowAttributeName", "NSShadow"), ("NSLigatureAttributeName", "NSLigature"),
        ("NSBaselineOffsetAttributeName", "NSBaselineOffset"), ("NSAttachmentAttributeName", "NSAttachment"),
        ("NSObliquenessAttributeName", "NSObliqueness"), ("NSExpansionAttributeName", "NSExpansion"),
        ("NSTextEffectAttributeName", "NSTextEffect"), ("NSWritingDirectionAttributeName", "NSWritingDirection"),
        ("UIApplicationOpenSettingsURLString", "app-settings:"), ("UIKeyInputEscape", "\u{1B}"),
        ("NSKeyValueChangeKindKey", "kind"), ("NSKeyValueChangeNewKey", "new"), ("NSKeyValueChangeOldKey", "old"),
        ("NSKeyValueChangeIndexesKey", "indexes"), ("NSKeyValueChangeNotificationIsPriorKey", "notificationIsPrior"),
        ("UIContentSizeCategoryExtraSmall", "UICTContentSizeCategoryXS"), ("UIContentSizeCategorySmall", "UICTContentSizeCategoryS"),
        ("UIContentSizeCategoryMedium", "UICTContentSizeCategoryM"), ("UIContentSizeCategoryLarge", "UICTContentSizeCategoryL"),
        ("UIContentSizeCategoryExtraLarge", "UICTContentSizeCategoryXL"), ("UIContentSizeCategoryExtraExtraLarge", "UICTContentSizeCategoryXXL"),
        ("UIContentSizeCategoryExtraExtraExtraLarge", "UICTContentSizeCategoryXXXL"),
        ("UIContentSizeCategoryAccessibilityMedium", "UICTContentSizeCategoryAccessibilityM"),
        ("UIContentSizeCategoryAccessibilityLarge", "UICTContentSizeCategoryAccessibilityL"),
        ("UIContentSizeCategoryAccessibilityExtraLarge", "UICTContentSizeCategoryAccessibilityXL"),
        ("UIContentSizeCategoryAccessibilityExtraExtraLarge", "UICTContentSizeCategoryAccessibilityXXL"),
        ("UIContentSizeCategoryAccessibilityExtraExtraExtraLarge", "UICTContentSizeCategoryAccessibilityXXXL"),
        ("UIContentSizeCategoryUnspecified", "_UICTContentSizeCategoryUnspecified"),
        // Core Animation's names, each the string its header gives.
        ("kCAMediaTimingFunctionLinear", "linear"), ("kCAMediaTimingFunctionEaseIn", "easeIn"),
        ("kCAMediaTimingFunctionEaseOut", "easeOut"), ("kCAMediaTimingFunctionEaseInEaseOut", "easeInEaseOut"),
        ("kCAMediaTimingFunctionDefault", "default"),
        ("kCAFillModeForwards", "forwards"), ("kCAFillModeBackwards", "backwards"), ("kCAFillModeBoth", "both"), ("kCAFillModeRemoved", "removed"),
        ("kCATransitionFade", "fade"), ("kCATransitionMoveIn", "moveIn"), ("kCATransitionPush", "push"), ("kCATransitionReveal", "reveal"),
        ("kCATransitionFromRight", "fromRight"), ("kCATransitionFromLeft", "fromLeft"), ("kCATransitionFromTop", "fromTop"),
        ("kCATransitionFromBottom", "fromBottom"),
        ("kCALineCapButt", "butt"), ("kCALineCapRound", "round"), ("kCALineCapSquare", "square"),
        ("kCALineJoinMiter", "miter"), ("kCALineJoinRound", "round"), ("kCALineJoinBevel", "bevel"),
        ("kCAFillRuleNonZero", "non-zero"), ("kCAFillRuleEvenOdd", "even-odd"),
        ("kCAGradientLayerAxial", "axial"), ("kCAGradientLayerRadial", "radial"), ("kCAGradientLayerConic", "conic"),
        ("kCAAnimationLinear", "linear"), ("kCAAnimationDiscrete", "discrete"), ("kCAAnimationPaced", "paced"),
        // Core Text's attribute names, which attributed strings share with UIKit's.
        ("kCTFontAttributeName", "NSFont"), ("kCTForegroundColorAttributeName", "CTForegroundColor"),
        ("kCTKernAttributeName", "NSKern"), ("kCTLigatureAttributeName", "NSLigature"),
        ("kCTParagraphStyleAttributeName", "NSParagraphStyle"), ("kCTStrokeWidthAttributeName", "NSStrokeWidth"),
        ("kCTStrokeColorAttributeName", "CTStrokeColor"), ("kCTUnderlineStyleAttributeName", "NSUnderline"),
        ("kCTUnderlineColorAttributeName", "CTUnderlineColor"), ("kCTSuperscriptAttributeName", "NSSuperScript"),
    ]
}
