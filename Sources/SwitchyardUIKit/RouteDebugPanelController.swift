#if canImport(UIKit) && !os(watchOS)
@preconcurrency import UIKit
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Lists the router's recorded opens, newest first (seed 003's route debugger).
///
/// Turn recording on with `PipelineSettings(recordingLast: 100)` and show
/// `RouteDebugPanelController(recorder: router.recorder!)` from a debug menu. The rows come
/// from ``DebugPanelRow``, tested in the core.
@MainActor
public final class RouteDebugPanelController: UITableViewController {
    private let recorder: DebugRecorder
    private var rows: [DebugPanelRow] = []

    /// A panel listing what `recorder` recorded, newest first.
    public init(recorder: DebugRecorder) {
        self.recorder = recorder
        super.init(style: .plain)
        title = "Routes"
    }

    /// Not from a storyboard: `nil`.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        // A closure action, not a selector: the adapter compiles without the Objective-C
        // runtime too, against the stand-ins CI builds it with.
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .refresh, primaryAction: UIAction { [weak self] _ in
            self?.reload()
        })
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        reload()
    }

    /// Reads the recorder again.
    public func reload() {
        rows = DebugPanelRow.rows(from: recorder)
        tableView.reloadData()
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "route") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "route")
        let row = rows[indexPath.row]
        cell.textLabel?.text = row.title
        cell.textLabel?.textColor = row.failed ? .systemRed : .label
        cell.detailTextLabel?.text = row.detail
        cell.detailTextLabel?.numberOfLines = 0
        return cell
    }
}
#endif
