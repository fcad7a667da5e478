import Runtime

extension ClassLibrary {
    /// `NSCoder` as a nib hands one to `-initWithCoder:`: an archive with no values, so each
    /// decode answers what a missing key gives (nil, 0, NO, a zero struct), and encoding
    /// keeps nothing. Code that checks its decoder (`[coder isKindOfClass:[NSCoder class]]`)
    /// sees one.
    static func defineNSCoder(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "NSCoder", superclass: root) { c in
            try c.addMethod("allowsKeyedCoding", types: "B@:") { _ in true }
            try c.addMethod("containsValueForKey:", types: "B@:@") { _ in false }
            for name in ["decodeObjectForKey:", "decodeObject", "decodePropertyListForKey:"] {
                try c.addMethod(name, types: name.hasSuffix(":") ? "@@:@" : "@@:") { _ in .nil }
            }
            try c.addMethod("decodeObjectOfClass:forKey:", types: "@@:#@") { _ in .nil }
            try c.addMethod("decodeObjectOfClasses:forKey:", types: "@@:@@") { _ in .nil }
            for name in ["decodeIntegerForKey:", "decodeIntForKey:", "decodeInt32ForKey:", "decodeInt64ForKey:"] {
                try c.addMethod(name, types: "q@:@") { _ in 0 }
            }
            try c.addMethod("decodeBoolForKey:", types: "B@:@") { _ in false }
            for name in ["decodeDoubleForKey:", "decodeFloatForKey:"] {
                try c.addMethod(name, types: "d@:@") { _ in .double(0) }
            }
            try c.addMethod("decodeCGRectForKey:", types: "{CGRect={CGPoint=dd}{CGSize=dd}}@:@") { _ in Geometry.rect(0, 0, 0, 0) }
            try c.addMethod("decodeCGPointForKey:", types: "{CGPoint=dd}@:@") { _ in Geometry.point(0, 0) }
            try c.addMethod("decodeCGSizeForKey:", types: "{CGSize=dd}@:@") { _ in Geometry.size(0, 0) }
            for (name, types) in [("encodeObject:forKey:", "v@:@@"), ("encodeInteger:forKey:", "v@:q@"), ("encodeBool:forKey:", "v@:B@"),
                                  ("encodeDouble:forKey:", "v@:d@"), ("encodeFloat:forKey:", "v@:f@"), ("encodeInt:forKey:", "v@:i@")] {
                try c.addMethod(name, types: types) { _ in .nil }
            }
        }
    }
}
