/// Which headers and modules an app imports from the SDK (Apple's frameworks, the C and
/// POSIX headers) or from a test framework rtsh models, as opposed to a library of its own:
/// a library's header the tree does not hold means the code names classes rtsh cannot
/// load, which stand-ins then answer for (``StandIns/noteMissingLibrary()``).
enum SDKHeaders {
    /// Whether `header`, as an `#import` names it (`<UIKit/UIKit.h>`, `<sys/types.h>`,
    /// `<stdio.h>`), is the SDK's or a modeled test framework's.
    static func contains(_ header: String, isAngled: Bool) -> Bool {
        let parts = header.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let module = parts.first else {
            // `<stdio.h>`, `<zlib.h>`: C's and the system's own. A quoted header the tree
            // lacks (`"Pods-App.h"`, `"App-Swift.h"`) is generated or a library's.
            return isAngled
        }
        return containsModule(String(module))
    }

    /// Whether `module`, as `@import` names it (`UIKit`, `UIKit.UIGestureRecognizerSubclass`),
    /// is the SDK's or a modeled test framework's.
    static func containsModule(_ module: String) -> Bool {
        let name = module.split(separator: ".").first.map(String.init) ?? module
        // The system's directories are lower case (`sys`, `objc`, `mach`, `netinet`, `os`),
        // as `Darwin`'s submodules are.
        if let first = name.unicodeScalars.first, first.properties.isLowercase { return true }
        return frameworks.contains(name)
    }

    /// Apple's frameworks an iOS or macOS app imports, and the test frameworks rtsh
    /// models, whose headers its class library stands for.
    private static let frameworks: Set<String> = [
        "Accelerate", "Accounts", "AddressBook", "AddressBookUI", "AdSupport", "AppKit", "AppTrackingTransparency",
        "ARKit", "AssetsLibrary", "AudioToolbox", "AudioUnit", "AuthenticationServices", "AVFoundation", "AVKit",
        "BackgroundTasks", "CallKit", "CFNetwork", "CloudKit", "Cocoa", "CommonCrypto", "Contacts", "ContactsUI",
        "CoreAudio", "CoreBluetooth", "CoreData", "CoreFoundation", "CoreGraphics", "CoreHaptics", "CoreImage",
        "CoreLocation", "CoreMedia", "CoreML", "CoreMotion", "CoreNFC", "CoreServices", "CoreSpotlight",
        "CoreTelephony", "CoreText", "CoreVideo", "CryptoKit", "Darwin", "EventKit", "EventKitUI", "ExternalAccessory",
        "FileProvider", "Foundation", "GameController", "GameKit", "GLKit", "HealthKit", "HomeKit", "iAd", "ImageIO",
        "Intents", "IntentsUI", "JavaScriptCore", "LocalAuthentication", "MapKit", "MediaPlayer", "MessageUI",
        "Messages", "Metal", "MetalKit", "MobileCoreServices", "MultipeerConnectivity", "NetworkExtension", "Network",
        "NotificationCenter", "ObjectiveC", "OpenGLES", "PassKit", "Photos", "PhotosUI", "PushKit", "QuartzCore",
        "QuickLook", "ReplayKit", "SafariServices", "SceneKit", "Security", "Social", "Speech", "SpriteKit", "StoreKit",
        "SystemConfiguration", "Twitter", "UIKit", "UniformTypeIdentifiers", "UserNotifications", "UserNotificationsUI",
        "Vision", "WatchConnectivity", "WatchKit", "WebKit",
        // The test frameworks rtsh models.
        "XCTest", "SenTestingKit", "OCMock", "OCHamcrest", "OCHamcrestIOS", "OCMockito", "OCMockitoIOS", "Specta",
        "Expecta", "Kiwi", "KIF", "GHUnit", "GHUnitIOS", "Quick", "Nimble",
    ]
}
