// What each meeting adapter (embedded.ts, twilio.ts) implements and uses: the call's interface, its
// events, the camera and microphone access and the first capture's constraints. call.ts picks the
// adapter; the adapters import this module, not call.ts.
import type { MeetingJoin } from '../../../../api/services/meetings/meeting.service.js';

export type { MeetingJoin };

/** What the page shows of the other person. */
export interface RemoteState {
  /** The other person's media reaches us (the spec's presence 1) or not (0). */
  connected: boolean;
  /** Their microphone and camera flags, as they set them. */
  audio: boolean;
  video: boolean;
}

export interface CallEvents {
  /** Our own camera and microphone, for the preview. */
  local(stream: MediaStream): void;
  /** The other person's media (null when it is gone). */
  remote(stream: MediaStream | null): void;
  state(state: RemoteState): void;
  /** The call broke (signalling or provider): the message to show. */
  failed(message: string | null): void;
}

export interface MeetingCall {
  /** Takes the camera and microphone and joins; rejects when either fails. */
  start(): Promise<void>;
  setAudio(on: boolean): void;
  setVideo(on: boolean): void;
  /** Sends another camera's picture (deviceId from listCameras). */
  switchCamera(deviceId: string): Promise<void>;
  /** Leaves the room: the other side sees "disconnected". */
  leave(): void;
}

/** Camera and microphone access, given to the adapters (tests replace it). */
export interface LocalMedia {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
}

export const browserMedia: LocalMedia = {
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
};

/** The cameras of this device (labels only once access is granted). */
export async function listCameras(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  return (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
}

/** The constraints of the first capture: a picture that fits a phone and a laptop. */
export const CAPTURE: MediaStreamConstraints = { audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 } } };
