/** @module The video call provider. */
export {
  localVideo,
  type VideoCallStart,
  type VideoConfig,
  type VideoProvider,
  VideoRateLimited,
  type VideoRoom,
  videoProvider,
} from './video-provider';
