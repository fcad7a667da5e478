import Testing

@Suite("MapKit: a map's annotations, their views, regions and snapshots")
struct MapKitTests {
    /// A store locator as apps write one: a pin per store from the delegate, reused from
    /// the map's queue, with a callout accessory.
    static let storeLocator = """
        @interface MMStoresViewController : UIViewController <MKMapViewDelegate>
        @property (nonatomic, strong) MKMapView *mapView;
        @property (nonatomic, strong) NSMutableArray *log;
        @end
        @implementation MMStoresViewController
        - (void)viewDidLoad {
            [super viewDidLoad];
            self.log = [NSMutableArray array];
            self.mapView = [[MKMapView alloc] initWithFrame:CGRectMake(0, 0, 320, 480)];
            self.mapView.delegate = self;
            [self.view addSubview:self.mapView];
            MKPointAnnotation *store = [[MKPointAnnotation alloc] init];
            store.coordinate = CLLocationCoordinate2DMake(37.3349, -122.0090);
            store.title = @"Apple Park";
            [self.mapView addAnnotation:store];
            [self.mapView setRegion:MKCoordinateRegionMakeWithDistance(store.coordinate, 2000, 2000) animated:NO];
        }
        - (MKAnnotationView *)mapView:(MKMapView *)mapView viewForAnnotation:(id<MKAnnotation>)annotation {
            if ([annotation isKindOfClass:[MKUserLocation class]]) return nil;
            MKPinAnnotationView *pin = (MKPinAnnotationView *)[mapView dequeueReusableAnnotationViewWithIdentifier:@"Pin"];
            if (!pin) pin = [[MKPinAnnotationView alloc] initWithAnnotation:annotation reuseIdentifier:@"Pin"];
            pin.canShowCallout = YES;
            UIButton *info = [UIButton buttonWithType:UIButtonTypeDetailDisclosure];
            info.accessibilityLabel = @"Details";
            pin.rightCalloutAccessoryView = info;
            [self.log addObject:@"view"];
            return pin;
        }
        - (void)mapView:(MKMapView *)mapView regionDidChangeAnimated:(BOOL)animated { [self.log addObject:@"region"]; }
        - (void)mapView:(MKMapView *)mapView didSelectAnnotationView:(MKAnnotationView *)view { [self.log addObject:[NSString stringWithFormat:@"select %@", view.annotation.title]]; }
        - (void)mapView:(MKMapView *)mapView annotationView:(MKAnnotationView *)view calloutAccessoryControlTapped:(UIControl *)control { [self.log addObject:@"accessory"]; }
        @end
        """

    @Test func aMapAsksItsDelegateForPinsPlacesThemAndReusesThem() throws {
        let shell = try ShellHarness()
        shell.run(Self.storeLocator)
        #expect(shell.run(
            "MMStoresViewController *vc = [MMStoresViewController new]; [vc loadViewIfNeeded]",
            "vc.log",
            "MKAnnotationView *pin = [vc.mapView viewForAnnotation:vc.mapView.annotations.firstObject]; [pin isKindOfClass:[MKPinAnnotationView class]] && pin.superview == vc.mapView",
            "pin.accessibilityLabel",
            "NSLog(@\"%.0f %.0f %.4f\", CGRectGetMidX(pin.frame) - pin.centerOffset.x, CGRectGetMidY(pin.frame) - pin.centerOffset.y, vc.mapView.centerCoordinate.longitude)",
            "[vc.mapView removeAnnotations:vc.mapView.annotations]; vc.mapView.annotations.count == 0 && pin.superview == nil",
            "[vc.mapView dequeueReusableAnnotationViewWithIdentifier:@\"Pin\"] == pin && [vc.mapView dequeueReusableAnnotationViewWithIdentifier:@\"Pin\"] == nil"
        ) == ["<NSMutableArray: 0x3> @[\"view\", \"region\"]", "YES", "\"Apple Park\"", "160 240 -122.0090", "YES", "YES"])
    }

    /// A UI test taps the pin by its place's name, then the callout's accessory.
    @Test func tappingAPinSelectsItAndItsAccessoryTellsTheDelegate() throws {
        let shell = try ShellHarness()
        shell.run(Self.storeLocator)
        #expect(shell.run(
            "stores = [MMStoresViewController new]", "window stores",
            "tap \"Apple Park\"", "tap \"Details\"", "stores.log",
            "[stores.mapView.selectedAnnotations.firstObject title]"
        ).suffix(2) == ["<NSMutableArray: 0x5> @[\"view\", \"region\", \"select Apple Park\", \"accessory\"]", "\"Apple Park\""])
    }

    @Test func aSnapshotIsAnImageOfItsSizeWithPointsForCoordinates() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "MKMapSnapshotOptions *options = [MKMapSnapshotOptions new]; options.size = CGSizeMake(100, 50)",
            "options.region = MKCoordinateRegionMake(CLLocationCoordinate2DMake(10, 20), MKCoordinateSpanMake(2, 4))",
            "__block CGPoint corner = CGPointZero; __block UIImage *picture = nil",
            "[[[MKMapSnapshotter alloc] initWithOptions:options] startWithCompletionHandler:^(MKMapSnapshot *shot, NSError *error) { picture = shot.image; corner = [shot pointForCoordinate:CLLocationCoordinate2DMake(11, 18)]; }]",
            "NSStringFromCGSize(picture.size)", "NSStringFromCGPoint(corner)"
        ) == ["\"{100, 50}\"", "\"{0, 0}\""])
    }
}
