#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Books a training session: a picker for the length and the day, a note whose return key
/// saves it, and a "Book" button at the bottom of a long form, below the fold. A booking
/// shows as a line; holding a finger on it for most of a second cancels it.
@interface MMSessionBookingViewController : UIViewController <UIPickerViewDataSource, UIPickerViewDelegate, UITextFieldDelegate>

@property (nonatomic, strong, readonly) UIScrollView *form;
@property (nonatomic, strong, readonly) UIPickerView *picker;
@property (nonatomic, strong, readonly) UITextField *noteField;
@property (nonatomic, copy, readonly, nullable) NSString *note;
@property (nonatomic, copy, readonly, nullable) NSString *booking;

@end

NS_ASSUME_NONNULL_END
