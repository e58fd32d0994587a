/// How the login flow reports upward that it is done.
@MainActor
protocol LoginFlowControllerDelegate: AnyObject {
    /// The user signed in; the owner replaces the login flow.
    func loginFlow(_ flow: LoginFlowController, didLogIn user: User)
}
