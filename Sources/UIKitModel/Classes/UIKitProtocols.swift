import Runtime

/// A framework protocol as the class library registers it: what it inherits and its
/// methods' selectors and type encodings, required and optional.
struct ProtocolDeclaration {
    let name: String
    var inherits: [String] = ["NSObject"]
    var required: [(String, String)] = []
    var optional: [(String, String)] = []

    /// Registers the declarations in order, so each may inherit from one before it.
    static func register(_ declarations: [ProtocolDeclaration], in runtime: Runtime) throws {
        for declaration in declarations {
            func descriptions(_ methods: [(String, String)]) throws -> [MethodDescription] {
                try methods.map { try MethodDescription(selector: runtime.selector($0.0), types: runtime.typeEncoding($0.1)) }
            }
            try runtime.registerProtocol(
                named: declaration.name, inheriting: declaration.inherits.compactMap(runtime.protocol(named:)),
                requiredMethods: try descriptions(declaration.required), optionalMethods: try descriptions(declaration.optional))
        }
    }
}

extension ClassLibrary {
    /// UIKit's delegate and data source protocols, with the methods apps implement, so
    /// that `conformsToProtocol:` answers for the framework's own classes and adopters, and
    /// the protocols can be listed with their methods.
    static func defineUIKitProtocols(in runtime: Runtime) throws {
        try ProtocolDeclaration.register([
            // Text input: the traits a keyboard reads, and the keys a view takes.
            ProtocolDeclaration(name: "UITextInputTraits", optional: [
                ("autocapitalizationType", "q@:"), ("setAutocapitalizationType:", "v@:q"), ("autocorrectionType", "q@:"),
                ("setAutocorrectionType:", "v@:q"), ("spellCheckingType", "q@:"), ("setSpellCheckingType:", "v@:q"),
                ("keyboardType", "q@:"), ("setKeyboardType:", "v@:q"), ("keyboardAppearance", "q@:"), ("setKeyboardAppearance:", "v@:q"),
                ("returnKeyType", "q@:"), ("setReturnKeyType:", "v@:q"), ("enablesReturnKeyAutomatically", "B@:"),
                ("setEnablesReturnKeyAutomatically:", "v@:B"), ("isSecureTextEntry", "B@:"), ("setSecureTextEntry:", "v@:B"),
                ("textContentType", "@@:"), ("setTextContentType:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "UIKeyInput", inherits: ["UITextInputTraits"], required: [
                ("hasText", "B@:"), ("insertText:", "v@:@"), ("deleteBackward", "v@:"),
            ]),
            ProtocolDeclaration(name: "UITextInput", inherits: ["UIKeyInput"]),
            ProtocolDeclaration(name: "UIScrollViewDelegate", optional: [
                ("scrollViewDidScroll:", "v@:@"), ("scrollViewWillBeginDragging:", "v@:@"), ("scrollViewDidEndDragging:willDecelerate:", "v@:@B"),
                ("scrollViewDidEndDecelerating:", "v@:@"), ("scrollViewDidEndScrollingAnimation:", "v@:@"), ("viewForZoomingInScrollView:", "@@:@"),
                ("scrollViewDidZoom:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "UITableViewDataSource", required: [
                ("tableView:numberOfRowsInSection:", "q@:@q"), ("tableView:cellForRowAtIndexPath:", "@@:@@"),
            ], optional: [
                ("numberOfSectionsInTableView:", "q@:@"), ("tableView:titleForHeaderInSection:", "@@:@q"), ("tableView:titleForFooterInSection:", "@@:@q"),
                ("tableView:canEditRowAtIndexPath:", "B@:@@"), ("tableView:canMoveRowAtIndexPath:", "B@:@@"),
                ("tableView:commitEditingStyle:forRowAtIndexPath:", "v@:@q@"), ("tableView:moveRowAtIndexPath:toIndexPath:", "v@:@@@"),
                ("sectionIndexTitlesForTableView:", "@@:@"),
            ]),
            ProtocolDeclaration(name: "UITableViewDelegate", inherits: ["UIScrollViewDelegate"], optional: [
                ("tableView:didSelectRowAtIndexPath:", "v@:@@"), ("tableView:didDeselectRowAtIndexPath:", "v@:@@"),
                ("tableView:willSelectRowAtIndexPath:", "@@:@@"), ("tableView:heightForRowAtIndexPath:", "d@:@@"),
                ("tableView:estimatedHeightForRowAtIndexPath:", "d@:@@"), ("tableView:heightForHeaderInSection:", "d@:@q"),
                ("tableView:heightForFooterInSection:", "d@:@q"), ("tableView:viewForHeaderInSection:", "@@:@q"), ("tableView:viewForFooterInSection:", "@@:@q"),
                ("tableView:willDisplayCell:forRowAtIndexPath:", "v@:@@@"), ("tableView:editingStyleForRowAtIndexPath:", "q@:@@"),
                ("tableView:accessoryButtonTappedForRowWithIndexPath:", "v@:@@"),
            ]),
            ProtocolDeclaration(name: "UITextFieldDelegate", optional: [
                ("textFieldShouldBeginEditing:", "B@:@"), ("textFieldDidBeginEditing:", "v@:@"), ("textFieldShouldEndEditing:", "B@:@"),
                ("textFieldDidEndEditing:", "v@:@"), ("textField:shouldChangeCharactersInRange:replacementString:", "B@:@{_NSRange=QQ}@"),
                ("textFieldShouldClear:", "B@:@"), ("textFieldShouldReturn:", "B@:@"),
            ]),
            ProtocolDeclaration(name: "UITextViewDelegate", inherits: ["UIScrollViewDelegate"], optional: [
                ("textViewShouldBeginEditing:", "B@:@"), ("textViewDidBeginEditing:", "v@:@"), ("textViewShouldEndEditing:", "B@:@"),
                ("textViewDidEndEditing:", "v@:@"), ("textView:shouldChangeTextInRange:replacementText:", "B@:@{_NSRange=QQ}@"),
                ("textViewDidChange:", "v@:@"), ("textViewDidChangeSelection:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "UICollectionViewDataSource", required: [
                ("collectionView:numberOfItemsInSection:", "q@:@q"), ("collectionView:cellForItemAtIndexPath:", "@@:@@"),
            ], optional: [
                ("numberOfSectionsInCollectionView:", "q@:@"), ("collectionView:viewForSupplementaryElementOfKind:atIndexPath:", "@@:@@@"),
                ("collectionView:canMoveItemAtIndexPath:", "B@:@@"), ("collectionView:moveItemAtIndexPath:toIndexPath:", "v@:@@@"),
            ]),
            ProtocolDeclaration(name: "UICollectionViewDelegate", inherits: ["UIScrollViewDelegate"], optional: [
                ("collectionView:shouldHighlightItemAtIndexPath:", "B@:@@"), ("collectionView:didHighlightItemAtIndexPath:", "v@:@@"),
                ("collectionView:didUnhighlightItemAtIndexPath:", "v@:@@"), ("collectionView:shouldSelectItemAtIndexPath:", "B@:@@"),
                ("collectionView:shouldDeselectItemAtIndexPath:", "B@:@@"), ("collectionView:didSelectItemAtIndexPath:", "v@:@@"),
                ("collectionView:didDeselectItemAtIndexPath:", "v@:@@"), ("collectionView:willDisplayCell:forItemAtIndexPath:", "v@:@@@"),
                ("collectionView:didEndDisplayingCell:forItemAtIndexPath:", "v@:@@@"),
                ("collectionView:willDisplaySupplementaryView:forElementKind:atIndexPath:", "v@:@@@@"),
            ]),
            ProtocolDeclaration(name: "UICollectionViewDelegateFlowLayout", inherits: ["UICollectionViewDelegate"], optional: [
                ("collectionView:layout:sizeForItemAtIndexPath:", "{CGSize=dd}@:@@@"), ("collectionView:layout:insetForSectionAtIndex:", "{UIEdgeInsets=dddd}@:@@q"),
                ("collectionView:layout:minimumLineSpacingForSectionAtIndex:", "d@:@@q"),
                ("collectionView:layout:minimumInteritemSpacingForSectionAtIndex:", "d@:@@q"),
                ("collectionView:layout:referenceSizeForHeaderInSection:", "{CGSize=dd}@:@@q"),
                ("collectionView:layout:referenceSizeForFooterInSection:", "{CGSize=dd}@:@@q"),
            ]),
            ProtocolDeclaration(name: "UIAlertViewDelegate", optional: [
                ("alertView:clickedButtonAtIndex:", "v@:@q"), ("alertViewCancel:", "v@:@"), ("alertView:willDismissWithButtonIndex:", "v@:@q"),
                ("alertView:didDismissWithButtonIndex:", "v@:@q"),
            ]),
            ProtocolDeclaration(name: "UIActionSheetDelegate", optional: [
                ("actionSheet:clickedButtonAtIndex:", "v@:@q"), ("actionSheetCancel:", "v@:@"), ("actionSheet:didDismissWithButtonIndex:", "v@:@q"),
            ]),
            ProtocolDeclaration(name: "UINavigationControllerDelegate", optional: [
                ("navigationController:willShowViewController:animated:", "v@:@@B"), ("navigationController:didShowViewController:animated:", "v@:@@B"),
                ("navigationControllerSupportedInterfaceOrientations:", "Q@:@"),
                ("navigationController:animationControllerForOperation:fromViewController:toViewController:", "@@:@q@@"),
            ]),
            ProtocolDeclaration(name: "UITabBarControllerDelegate", optional: [
                ("tabBarController:shouldSelectViewController:", "B@:@@"), ("tabBarController:didSelectViewController:", "v@:@@"),
            ]),
            ProtocolDeclaration(name: "UISplitViewControllerDelegate", optional: [
                ("splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:", "B@:@@@"),
                ("splitViewController:willChangeToDisplayMode:", "v@:@q"), ("splitViewController:showDetailViewController:sender:", "B@:@@@"),
            ]),
            ProtocolDeclaration(name: "UIGestureRecognizerDelegate", optional: [
                ("gestureRecognizerShouldBegin:", "B@:@"), ("gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:", "B@:@@"),
                ("gestureRecognizer:shouldReceiveTouch:", "B@:@@"),
            ]),
            ProtocolDeclaration(name: "UIPickerViewDataSource", required: [
                ("numberOfComponentsInPickerView:", "q@:@"), ("pickerView:numberOfRowsInComponent:", "q@:@q"),
            ]),
            ProtocolDeclaration(name: "UIPickerViewDelegate", optional: [
                ("pickerView:titleForRow:forComponent:", "@@:@qq"), ("pickerView:didSelectRow:inComponent:", "v@:@qq"),
                ("pickerView:rowHeightForComponent:", "d@:@q"), ("pickerView:widthForComponent:", "d@:@q"),
                ("pickerView:viewForRow:forComponent:reusingView:", "@@:@qq@"), ("pickerView:attributedTitleForRow:forComponent:", "@@:@qq"),
            ]),
            ProtocolDeclaration(name: "UISearchBarDelegate", optional: [
                ("searchBar:textDidChange:", "v@:@@"), ("searchBarSearchButtonClicked:", "v@:@"), ("searchBarCancelButtonClicked:", "v@:@"),
                ("searchBarShouldBeginEditing:", "B@:@"), ("searchBarTextDidBeginEditing:", "v@:@"), ("searchBarTextDidEndEditing:", "v@:@"),
            ]),
            ProtocolDeclaration(name: "UIWebViewDelegate", optional: [
                ("webView:shouldStartLoadWithRequest:navigationType:", "B@:@@q"), ("webViewDidStartLoad:", "v@:@"), ("webViewDidFinishLoad:", "v@:@"),
                ("webView:didFailLoadWithError:", "v@:@@"),
            ]),
        ], in: runtime)
    }
}
