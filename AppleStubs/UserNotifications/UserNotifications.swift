// A stand-in for the part of Apple's UserNotifications that the shop's app shells call, so they
// compile on Linux: each declaration names the symbol it stands for and keeps its signature;
// bodies do nothing. Built only with SWITCHYARD_APPLE_STUBS=1, never shipped.
@_exported import Foundation

/// UNUserNotificationCenter
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// UNUserNotificationCenter.current()
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    /// UNUserNotificationCenter.delegate
    open weak var delegate: (any UNUserNotificationCenterDelegate)?
}

/// UNUserNotificationCenterDelegate
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
    )
}

extension UNUserNotificationCenterDelegate {
    /// The method is optional in UserNotifications.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
    ) {}
}

/// UNNotificationResponse
open class UNNotificationResponse: NSObject, @unchecked Sendable {
    /// UNNotificationResponse.notification
    open var notification: UNNotification { UNNotification() }
    /// UNNotificationResponse.actionIdentifier
    open var actionIdentifier: String { "" }
}

/// UNNotification
open class UNNotification: NSObject, @unchecked Sendable {
    /// UNNotification.request
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

/// UNNotificationRequest
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    /// UNNotificationRequest.content
    open var content: UNNotificationContent { UNNotificationContent() }
}

/// UNNotificationContent
open class UNNotificationContent: NSObject, @unchecked Sendable {
    /// UNNotificationContent.userInfo
    open var userInfo: [AnyHashable: Any] { [:] }
}
