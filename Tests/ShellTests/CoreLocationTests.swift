import Testing

@Suite("Core Location: locations, the manager, coordinates and regions")
struct CoreLocationTests {
    /// A view controller as apps write one: it asks for authorization and updates in
    /// `viewDidLoad`, and hears both through its delegate at the next turn of the run loop.
    @Test func aControllerIsAuthorizedAndGetsTheSimulatorsLocation() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMMapViewController : UIViewController <CLLocationManagerDelegate>
            @property (nonatomic, strong) CLLocationManager *manager;
            @property (nonatomic, strong) CLLocation *last;
            @property (nonatomic) NSInteger statuses;
            @property (nonatomic, strong) NSError *failure;
            @end
            @implementation MMMapViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.manager = [[CLLocationManager alloc] init];
                self.manager.delegate = self;
                if ([CLLocationManager authorizationStatus] == kCLAuthorizationStatusNotDetermined) [self.manager requestWhenInUseAuthorization];
                [self.manager startUpdatingLocation];
            }
            - (void)locationManager:(CLLocationManager *)manager didChangeAuthorizationStatus:(CLAuthorizationStatus)status { self.statuses = self.statuses * 10 + status; }
            - (void)locationManager:(CLLocationManager *)manager didUpdateLocations:(NSArray<CLLocation *> *)locations { self.last = locations.lastObject; }
            - (void)locationManager:(CLLocationManager *)manager didFailWithError:(NSError *)error { self.failure = error; }
            @end
            """)
        #expect(shell.run(
            "MMMapViewController *vc = [MMMapViewController new]; [vc loadViewIfNeeded]; vc.last == nil && [CLLocationManager authorizationStatus] == kCLAuthorizationStatusAuthorizedWhenInUse",
            "[[NSRunLoop currentRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]",
            "vc.statuses",
            "NSLog(@\"%@\", vc.last)",
            "vc.manager.location == vc.last && vc.failure == nil && vc.manager.desiredAccuracy == kCLLocationAccuracyBest",
            // Asked again, nothing changes: the user answered once.
            "[vc.manager requestWhenInUseAuthorization]; [[NSRunLoop currentRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.1]]; vc.statuses"
        ) == [
            "YES", "4",
            "<+37.33233141,-122.03121860> +/- 5.00m (speed -1.00 mps / course -1.00) @ 2001-01-01 12:00:00 +0000",
            "YES", "4",
        ])
    }

    @Test func locationsMeasureCopyAndArchive() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "CLLocation *paris = [[CLLocation alloc] initWithLatitude:48.8566 longitude:2.3522]",
            "CLLocation *london = [[CLLocation alloc] initWithLatitude:51.5074 longitude:-0.1278]",
            "(NSInteger)([paris distanceFromLocation:london] / 1000)",
            "[paris copy] == paris && [paris conformsToProtocol:@protocol(NSSecureCoding)]",
            "CLLocation *back = [NSKeyedUnarchiver unarchiveObjectWithData:[NSKeyedArchiver archivedDataWithRootObject:london]]; back.coordinate.longitude",
            "back.horizontalAccuracy == 0 && back.speed == -1 && back != london"
        ) == ["343", "YES", "-0.1278", "YES"])
        #expect(shell.run("[paris distanceFromLocation:@\"London\"]").first?.hasSuffix(
            "-[CLLocation distanceFromLocation:] expects a CLLocation as argument 1, but got a string") == true)
    }

    @Test func coordinatesAndRegionsAreMadeAsCoreLocationAndMapKitMakeThem() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "CLLocationCoordinate2D c = CLLocationCoordinate2DMake(10, 20); c.longitude",
            "CLLocationCoordinate2DIsValid(c) && !CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid)",
            "MKCoordinateRegion r = MKCoordinateRegionMakeWithDistance(c, 1000, 2000); NSLog(@\"%.6f %.6f %.1f\", r.span.latitudeDelta, r.span.longitudeDelta, r.center.latitude)",
            "MKCoordinateRegion s = MKCoordinateRegionMake(c, MKCoordinateSpanMake(0.5, 0.25)); s.span.longitudeDelta"
        ) == ["20.0", "YES", "0.008993 0.018264 10.0", "0.25"])
        #expect(shell.run("CLLocationCoordinate2DIsValid(5)").first?.hasSuffix(
            "CLLocationCoordinate2DIsValid takes a CLLocationCoordinate2D, as in CLLocationCoordinate2DMake(37.33, -122.03)") == true)
    }
}
