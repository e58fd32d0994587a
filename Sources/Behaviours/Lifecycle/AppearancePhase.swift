/// Where a view controller, or a behaviour's view of it, stands in the appearance cycle.
enum AppearancePhase {
    case disappeared
    case appearing
    case appeared
    case disappearing
}
