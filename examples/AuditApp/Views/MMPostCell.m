#import "MMPostCell.h"

@implementation MMPostCell

- (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier {
    self = [super initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:reuseIdentifier];
    if (self) {
        _avatarView = [[UIImageView alloc] initWithImage:[UIImage imageNamed:@"avatar"]];
        [self.contentView addSubview:_avatarView];
    }
    return self;
}

// Forgets super: the cell keeps the old post's state.
- (void)prepareForReuse {
    self.avatarView.image = nil;
    self.textLabel.text = nil;
}

- (void)setHighlighted:(BOOL)highlighted animated:(BOOL)animated {
    [super setHighlighted:highlighted animated:animated];
    self.avatarView.alpha = highlighted ? 0.5 : 1.0;
}

@end
