import Foundation

extension UIEvent {
    /// The subtype of an event, with UIKit's raw values.
    public enum EventSubtype: Int, Sendable {
        /// No subtype (every touch event).
        case none = 0
        /// A shake.
        case motionShake = 1
        /// Play.
        case remoteControlPlay = 100
        /// Pause.
        case remoteControlPause = 101
        /// Stop.
        case remoteControlStop = 102
        /// Toggle play and pause.
        case remoteControlTogglePlayPause = 103
        /// Next track.
        case remoteControlNextTrack = 104
        /// Previous track.
        case remoteControlPreviousTrack = 105
        /// Begin seeking backward.
        case remoteControlBeginSeekingBackward = 106
        /// End seeking backward.
        case remoteControlEndSeekingBackward = 107
        /// Begin seeking forward.
        case remoteControlBeginSeekingForward = 108
        /// End seeking forward.
        case remoteControlEndSeekingForward = 109
    }
}
