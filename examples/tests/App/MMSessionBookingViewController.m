#import "MMSessionBookingViewController.h"

static NSString * const MMBookedPrefix = @"Booked: ";

@interface MMSessionBookingViewController ()
@property (nonatomic, strong, readwrite) UIScrollView *form;
@property (nonatomic, strong, readwrite) UIPickerView *picker;
@property (nonatomic, strong, readwrite) UITextField *noteField;
@property (nonatomic, copy, readwrite, nullable) NSString *note;
@property (nonatomic, copy, readwrite, nullable) NSString *booking;
@property (nonatomic, strong) UILabel *summaryLabel;
@property (nonatomic, strong) UILabel *bookingLabel;
@property (nonatomic, copy) NSArray<NSString *> *lengths;
@property (nonatomic, copy) NSArray<NSString *> *days;
@end

@implementation MMSessionBookingViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Book a Session";
    self.lengths = @[@"30 min", @"45 min", @"60 min"];
    self.days = @[@"Monday", @"Tuesday", @"Wednesday", @"Thursday", @"Friday"];

    self.form = [[UIScrollView alloc] initWithFrame:CGRectMake(0, 0, 375, 667)];
    self.form.contentSize = CGSizeMake(375, 1400);
    [self.view addSubview:self.form];

    self.picker = [[UIPickerView alloc] initWithFrame:CGRectMake(0, 20, 375, 216)];
    self.picker.accessibilityLabel = @"Session";
    self.picker.dataSource = self;
    self.picker.delegate = self;
    [self.form addSubview:self.picker];

    self.summaryLabel = [[UILabel alloc] initWithFrame:CGRectMake(20, 250, 335, 30)];
    [self.form addSubview:self.summaryLabel];

    self.noteField = [[UITextField alloc] initWithFrame:CGRectMake(20, 300, 335, 44)];
    self.noteField.placeholder = @"Note";
    self.noteField.returnKeyType = UIReturnKeyDone;
    self.noteField.delegate = self;
    [self.noteField addTarget:self action:@selector(noteDone:) forControlEvents:UIControlEventEditingDidEndOnExit];
    [self.form addSubview:self.noteField];

    UIButton *book = [UIButton buttonWithType:UIButtonTypeSystem];
    book.frame = CGRectMake(20, 1300, 335, 44);
    [book setTitle:@"Book" forState:UIControlStateNormal];
    [book addTarget:self action:@selector(book:) forControlEvents:UIControlEventTouchUpInside];
    [self.form addSubview:book];

    self.bookingLabel = [[UILabel alloc] initWithFrame:CGRectMake(20, 1350, 335, 30)];
    self.bookingLabel.hidden = YES;
    self.bookingLabel.userInteractionEnabled = YES;
    UILongPressGestureRecognizer *hold = [[UILongPressGestureRecognizer alloc] initWithTarget:self action:@selector(bookingHeld:)];
    hold.minimumPressDuration = 0.8;
    [self.bookingLabel addGestureRecognizer:hold];
    [self.form addSubview:self.bookingLabel];

    [self updateSummary];
}

- (NSString *)chosenSession {
    NSString *length = self.lengths[[self.picker selectedRowInComponent:0]];
    NSString *day = self.days[[self.picker selectedRowInComponent:1]];
    return [NSString stringWithFormat:@"%@ on %@", length, day];
}

- (void)updateSummary {
    self.summaryLabel.text = [self chosenSession];
}

#pragma mark - UIPickerViewDataSource, UIPickerViewDelegate

- (NSInteger)numberOfComponentsInPickerView:(UIPickerView *)pickerView {
    return 2;
}

- (NSInteger)pickerView:(UIPickerView *)pickerView numberOfRowsInComponent:(NSInteger)component {
    return component == 0 ? self.lengths.count : self.days.count;
}

- (NSString *)pickerView:(UIPickerView *)pickerView titleForRow:(NSInteger)row forComponent:(NSInteger)component {
    return component == 0 ? self.lengths[row] : self.days[row];
}

- (void)pickerView:(UIPickerView *)pickerView didSelectRow:(NSInteger)row inComponent:(NSInteger)component {
    [self updateSummary];
}

#pragma mark - UITextFieldDelegate

// An empty note is not saved: the keyboard stays until something is written.
- (BOOL)textFieldShouldReturn:(UITextField *)textField {
    return textField.text.length > 0;
}

- (void)noteDone:(UITextField *)sender {
    self.note = sender.text;
}

#pragma mark - Booking

- (IBAction)book:(id)sender {
    self.booking = [self chosenSession];
    self.bookingLabel.text = [MMBookedPrefix stringByAppendingString:self.booking];
    self.bookingLabel.hidden = NO;
}

// A long press begins, then ends: the booking is cancelled once, when it begins.
- (void)bookingHeld:(UILongPressGestureRecognizer *)hold {
    if (hold.state != UIGestureRecognizerStateBegan) {
        return;
    }
    self.booking = nil;
    self.bookingLabel.text = @"Cancelled";
}

@end
