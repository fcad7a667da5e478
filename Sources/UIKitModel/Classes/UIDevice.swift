import Runtime

extension ClassLibrary {
    /// The iOS the model runs: major, minor and patch version. `@available` and the SDK's
    /// version macros (`__IPHONE_OS_VERSION_MAX_ALLOWED`) agree with it.
    public static let systemVersion = [17, 0, 0]

    /// The `identifierForVendor` of the device, the same on every run.
    public static let vendorIdentifier = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    /// `UIDevice`: the one current device of this runtime, an iPhone held upright running
    /// iOS 17.0, so code that checks the system version or the idiom takes the same branch
    /// on every run.
    static func defineDevice(in runtime: Runtime, root: Class) throws {
        let shared = SharedInstance()
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UIDevice", superclass: root) { c in
            for name in ["systemVersion", "systemName", "model", "localizedModel", "name"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            }
            // UIUserInterfaceIdiomPhone 0; UIDeviceOrientationPortrait 1.
            try c.addProperty(Property(name: "userInterfaceIdiom", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "orientation", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "identifierForVendor", type: .object(className: "NSUUID"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "batteryMonitoringEnabled", type: .bool, attributes: [.nonatomic], getter: "isBatteryMonitoringEnabled"))
            try c.addClassMethod("currentDevice", types: "@@:") { m in
                try shared.object {
                    let device = try m.allocInit(initialize).object
                    // The app's identifier on this device: one for the run, as it is one for an
                    // install, and the same on every run.
                    let allocated = try m.send("alloc", to: m.runtime.requireClass(named: "NSUUID"))
                    let vendor = try m.send("initWithUUIDString:", to: allocated.object, .string(vendorIdentifier))
                    try m.runtime.setIvars(of: device ?? m.receiver, [
                        "_systemVersion": .string("\(systemVersion[0]).\(systemVersion[1])"), "_systemName": "iOS", "_model": "iPhone", "_localizedModel": "iPhone", "_name": "iPhone",
                        "_userInterfaceIdiom": .int(0), "_orientation": .int(1), "_identifierForVendor": vendor,
                    ])
                    return device
                }.map(Value.object) ?? .nil
            }
        }
    }
}
