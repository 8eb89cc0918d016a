#if canImport(UIKit) && !os(watchOS)
import Foundation
import SwitchyardBridge
import UIKit

extension XCallbackChannel {
    /// Opens `url` in the app that handles it, with UIKit's `open(_:options:completionHandler:)`:
    /// the `openURL` an app gives ``XCallbackChannel/init(router:settings:openURL:)``.
    ///
    /// ```swift
    /// let callbacks = try XCallbackChannel(router: router, settings: settings, openURL: XCallbackChannel.openInOtherApp)
    /// ```
    ///
    /// - Returns: `false` when the text is not a URL or the system opened nothing (no installed
    ///   app has the scheme); a call then fails at once instead of waiting for its timeout.
    @MainActor
    public static func openInOtherApp(_ url: String) async -> Bool {
        guard let url = URL(string: url) else { return false }
        return await withCheckedContinuation { continuation in
            UIApplication.shared.open(url, options: [:]) { opened in continuation.resume(returning: opened) }
        }
    }
}
#endif
