/// How the main flow reports upward that the session ended.
@MainActor
protocol MainFlowControllerDelegate: AnyObject {
    /// The user asked to log out; the owner ends the session and replaces the main flow.
    func mainFlowDidRequestLogout(_ flow: MainFlowController)
}
