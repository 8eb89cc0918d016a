#if canImport(UIKit) && !os(watchOS)
@preconcurrency import UIKit
import ObjectiveC
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// A transition attached to a view controller.
final class TransitionBox: NSObject {
    let transition: Transition
    init(_ transition: Transition) { self.transition = transition }
}

/// Hands UIKit the animator for a controller's ``Transition``, as the transitioning
/// delegate of presented controllers and the delegate of navigation controllers that have none.
@MainActor
final class TransitionCoordinator: NSObject, UIViewControllerTransitioningDelegate, UINavigationControllerDelegate {
    var customAnimators: [String: @MainActor (Bool) -> any UIViewControllerAnimatedTransitioning] = [:]

    func prepare(pushing controller: UIViewController, onto navigation: UINavigationController, transition: Transition) {
        guard transition != .system else { return }
        attach(transition, to: controller)
        // Never replace a delegate the app set; its pushes then animate its way.
        if navigation.delegate == nil { navigation.delegate = self }
    }

    func prepare(presenting controller: UIViewController, transition: Transition) {
        guard transition != .system else { return }
        attach(transition, to: controller)
        controller.modalPresentationStyle = .fullScreen
        controller.transitioningDelegate = self
    }

    private func attach(_ transition: Transition, to controller: UIViewController) {
        objc_setAssociatedObject(controller, &AssociatedKeys.transition, TransitionBox(transition), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    private func animator(for controller: UIViewController, presenting: Bool) -> (any UIViewControllerAnimatedTransitioning)? {
        guard let box = objc_getAssociatedObject(controller, &AssociatedKeys.transition) as? TransitionBox else { return nil }
        switch box.transition {
        case .system: return nil
        case .custom(let name): return customAnimators[name]?(presenting)
        case .fade, .slideFromRight, .slideFromBottom, .zoom: return FrameAnimator(transition: box.transition, presenting: presenting)
        }
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        animator(for: presented, presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator(for: dismissed, presenting: false)
    }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        operation == .push ? animator(for: toVC, presenting: true) : animator(for: fromVC, presenting: false)
    }
}

/// Animates a screen between a ``TransitionFrame`` and its resting place.
@MainActor
final class FrameAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let transition: Transition
    let presenting: Bool

    init(transition: Transition, presenting: Bool) {
        self.transition = transition
        self.presenting = presenting
    }

    func transitionDuration(using context: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        transition.duration
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        let start = transition.appearingStart ?? .identity
        let size = container.bounds.size
        let moving: UIView?
        if presenting {
            moving = context.view(forKey: .to)
            if let moving {
                if let controller = context.viewController(forKey: .to) { moving.frame = context.finalFrame(for: controller) }
                container.addSubview(moving)
                Self.apply(start, to: moving, in: size)
            }
        } else {
            moving = context.view(forKey: .from)
            if let moving, let appearing = context.view(forKey: .to) { container.insertSubview(appearing, belowSubview: moving) }
        }
        let end = presenting ? TransitionFrame.identity : start
        UIView.animate(withDuration: transition.duration, animations: {
            if let moving { Self.apply(end, to: moving, in: size) }
        }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    private static func apply(_ frame: TransitionFrame, to view: UIView, in size: CGSize) {
        view.alpha = CGFloat(frame.opacity)
        view.transform = CGAffineTransform(translationX: CGFloat(frame.offsetX) * size.width, y: CGFloat(frame.offsetY) * size.height)
            .scaledBy(x: CGFloat(frame.scale), y: CGFloat(frame.scale))
    }
}
#endif
