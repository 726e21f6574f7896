// The Twilio Video adapter (docs/decisions/160-meeting-room.md): joins the room of the join
// answer with its access token through twilio-video, loaded only on this path. The library is
// reached through the few members used here (TwilioVideoModule), so a test can hand in its own.
import twilioVideoUrl from 'twilio-video/dist/twilio-video.min.js?url';
import { CAPTURE, type CallEvents, type LocalMedia, type MeetingCall, type MeetingJoin, type RemoteState } from './adapter.js';

type Listener = (...args: never[]) => void;
interface Emitter {
  on(event: string, listener: Listener): unknown;
  removeAllListeners(event?: string): unknown;
}

export interface LocalTrackLike {
  kind: string;
  mediaStreamTrack: MediaStreamTrack;
  enable(): unknown;
  disable(): unknown;
  stop(): unknown;
}

export interface RemoteTrackLike extends Emitter {
  kind: string;
  isEnabled: boolean;
  mediaStreamTrack: MediaStreamTrack;
}

export interface RemoteParticipantLike extends Emitter {
  identity: string;
  tracks: Map<string, { track: RemoteTrackLike | null }>;
}

export interface RoomLike extends Emitter {
  participants: Map<string, RemoteParticipantLike>;
  localParticipant: { publishTrack(track: LocalTrackLike): Promise<unknown>; unpublishTrack(track: LocalTrackLike): unknown };
  disconnect(): unknown;
}

/** The members of twilio-video this adapter uses. */
export interface TwilioVideoModule {
  connect(token: string, options: { name: string; tracks: LocalTrackLike[] }): Promise<RoomLike>;
  LocalAudioTrack: new (track: MediaStreamTrack) => LocalTrackLike;
  LocalVideoTrack: new (track: MediaStreamTrack) => LocalTrackLike;
}

/** twilio-video's browser build (a script setting window.Twilio.Video), loaded once. */
let loading: Promise<TwilioVideoModule> | null = null;
export function loadTwilioVideo(): Promise<TwilioVideoModule> {
  loading ??= new Promise<TwilioVideoModule>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = twilioVideoUrl;
    script.async = true;
    script.onload = () => {
      const video = (window as unknown as { Twilio?: { Video?: TwilioVideoModule } }).Twilio?.Video;
      if (video) resolve(video);
      else reject(new Error('twilio-video did not load'));
    };
    script.onerror = () => reject(new Error('twilio-video did not load'));
    document.head.appendChild(script);
  });
  return loading;
}

export class TwilioCall implements MeetingCall {
  private room: RoomLike | null = null;
  private stream: MediaStream | null = null;
  private audioTrack: LocalTrackLike | null = null;
  private videoTrack: LocalTrackLike | null = null;
  private video = true;
  private remote: RemoteState = { connected: false, audio: true, video: true };
  /** The other person: the first remote participant (the pair's room holds two). */
  private other: RemoteParticipantLike | null = null;
  private remoteTracks = new Map<string, MediaStreamTrack>();
  private left = false;

  constructor(
    private readonly join: MeetingJoin,
    private readonly events: CallEvents,
    private readonly load: () => Promise<TwilioVideoModule>,
    private readonly media: LocalMedia,
  ) {}

  async start(): Promise<void> {
    const [Video, stream] = await Promise.all([this.load(), this.media.getUserMedia(CAPTURE)]);
    this.stream = stream;
    this.events.local(stream);
    this.audioTrack = new Video.LocalAudioTrack(stream.getAudioTracks()[0]);
    this.videoTrack = new Video.LocalVideoTrack(stream.getVideoTracks()[0]);
    const room = await Video.connect(this.join.Attendee.JoinToken ?? '', { name: this.join.Meeting.MeetingId, tracks: [this.audioTrack, this.videoTrack] });
    if (this.left) {
      room.disconnect();
      return;
    }
    this.room = room;
    room.on('participantConnected', ((p: RemoteParticipantLike) => this.attach(p)) as Listener);
    room.on('participantDisconnected', ((p: RemoteParticipantLike) => {
      if (p !== this.other) return;
      this.other = null;
      this.remoteTracks.clear();
      this.events.remote(null);
      this.setRemote({ connected: false, audio: true, video: true });
      // Someone else of the pair may still be there (a manager beside the recruiter).
      const next = [...room.participants.values()].find((q) => q !== p);
      if (next) this.attach(next);
    }) as Listener);
    room.on('disconnected', ((_room: unknown, error?: { message?: string }) => {
      if (this.left) return;
      this.events.remote(null);
      this.setRemote({ connected: false });
      if (error) this.events.failed(error.message ?? null);
    }) as Listener);
    for (const p of room.participants.values()) this.attach(p);
  }

  setAudio(on: boolean): void {
    if (on) this.audioTrack?.enable();
    else this.audioTrack?.disable();
  }

  setVideo(on: boolean): void {
    this.video = on;
    if (on) this.videoTrack?.enable();
    else this.videoTrack?.disable();
  }

  async switchCamera(deviceId: string): Promise<void> {
    if (!this.stream || !this.room) return;
    const fresh = (await this.media.getUserMedia({ video: { deviceId: { exact: deviceId } } })).getVideoTracks()[0];
    const Video = await this.load();
    const next = new Video.LocalVideoTrack(fresh);
    if (!this.video) next.disable();
    if (this.videoTrack) {
      this.room.localParticipant.unpublishTrack(this.videoTrack);
      this.videoTrack.stop();
      this.stream.removeTrack(this.videoTrack.mediaStreamTrack);
    }
    await this.room.localParticipant.publishTrack(next);
    this.videoTrack = next;
    this.stream.addTrack(fresh);
    this.events.local(this.stream);
  }

  leave(): void {
    this.left = true;
    this.room?.disconnect();
    this.audioTrack?.stop();
    this.videoTrack?.stop();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
  }

  private attach(p: RemoteParticipantLike): void {
    if (this.other) return;
    this.other = p;
    this.setRemote({ connected: true });
    for (const publication of p.tracks.values()) if (publication.track) this.subscribed(publication.track);
    p.on('trackSubscribed', ((track: RemoteTrackLike) => this.subscribed(track)) as Listener);
    p.on('trackUnsubscribed', ((track: RemoteTrackLike) => {
      this.remoteTracks.delete(track.kind);
      this.emitRemoteStream();
    }) as Listener);
  }

  private subscribed(track: RemoteTrackLike): void {
    if (track.kind !== 'audio' && track.kind !== 'video') return;
    this.remoteTracks.set(track.kind, track.mediaStreamTrack);
    this.emitRemoteStream();
    this.setRemote({ [track.kind]: track.isEnabled });
    track.on('disabled', (() => this.setRemote({ [track.kind]: false })) as Listener);
    track.on('enabled', (() => this.setRemote({ [track.kind]: true })) as Listener);
  }

  private emitRemoteStream(): void {
    this.events.remote(this.remoteTracks.size ? new MediaStream([...this.remoteTracks.values()]) : null);
  }

  private setRemote(change: Partial<RemoteState>): void {
    this.remote = { ...this.remote, ...change };
    this.events.state(this.remote);
  }
}
