// The browser side of the Twilio provider (portal/app/lib/meeting/twilio.ts, decision 160) through the
// page's MeetingCall interface: twilio-video's `connect` and tracks are replaced by a double that
// records what the adapter asks (no Twilio server is reachable), and the join answer carries a real
// access token from the server-side provider.
import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { TwilioCall, type LocalTrackLike, type RoomLike, type TwilioVideoModule } from '../../portal/app/lib/meeting/twilio.js';
import type { CallEvents, LocalMedia, MeetingJoin, RemoteState } from '../../portal/app/lib/meeting/adapter.js';
import { twilioVideoProvider } from '../../api/integrations/meeting.js';

/** Node has no MediaStream: the smallest one the adapter needs. */
class FakeMediaStream {
  readonly tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (t: MediaStreamTrack) => void this.tracks.push(t);
  removeTrack = (t: MediaStreamTrack) => void this.tracks.splice(this.tracks.indexOf(t), 1);
}
beforeAll(() => {
  (globalThis as { MediaStream?: unknown }).MediaStream ??= FakeMediaStream;
});

function mediaTrack(kind: 'audio' | 'video', id: string) {
  const track = { kind, id, stopped: false, stop: () => void (track.stopped = true) };
  return track as unknown as MediaStreamTrack & { stopped: boolean };
}

class LocalTrack implements LocalTrackLike {
  enabled = true;
  stopped = false;
  constructor(
    readonly kind: string,
    readonly mediaStreamTrack: MediaStreamTrack,
  ) {}
  enable() {
    this.enabled = true;
  }
  disable() {
    this.enabled = false;
  }
  stop() {
    this.stopped = true;
  }
}

class RemoteTrack extends EventEmitter {
  constructor(
    readonly kind: string,
    public isEnabled: boolean,
    readonly mediaStreamTrack: MediaStreamTrack,
  ) {
    super();
  }
}

class Participant extends EventEmitter {
  tracks = new Map<string, { track: RemoteTrack | null }>();
  constructor(readonly identity: string) {
    super();
  }
}

class Room extends EventEmitter {
  participants = new Map<string, Participant>();
  published: LocalTrackLike[] = [];
  disconnected = false;
  localParticipant = {
    publishTrack: async (t: LocalTrackLike) => void this.published.push(t),
    unpublishTrack: (t: LocalTrackLike) => void this.published.splice(this.published.indexOf(t), 1),
  };
  disconnect() {
    this.disconnected = true;
  }
}

function doubles() {
  const connects: Array<{ token: string; name: string; tracks: LocalTrackLike[] }> = [];
  const room = new Room();
  const module: TwilioVideoModule = {
    connect: async (token, options) => {
      connects.push({ token, ...options });
      room.published.push(...options.tracks);
      return room as unknown as RoomLike;
    },
    LocalAudioTrack: class extends LocalTrack {
      constructor(t: MediaStreamTrack) {
        super('audio', t);
      }
    },
    LocalVideoTrack: class extends LocalTrack {
      constructor(t: MediaStreamTrack) {
        super('video', t);
      }
    },
  };
  const cameras: MediaStreamConstraints[] = [];
  const media: LocalMedia = {
    getUserMedia: async (constraints) => {
      cameras.push(constraints);
      const tracks = constraints.audio ? [mediaTrack('audio', 'mic'), mediaTrack('video', 'cam-1')] : [mediaTrack('video', 'cam-2')];
      return new FakeMediaStream(tracks) as unknown as MediaStream;
    },
  };
  const seen = { local: [] as MediaStream[], remote: [] as Array<MediaStream | null>, states: [] as RemoteState[], failures: [] as Array<string | null> };
  const events: CallEvents = {
    local: (s) => void seen.local.push(s),
    remote: (s) => void seen.remote.push(s),
    state: (s) => void seen.states.push(s),
    failed: (m) => void seen.failures.push(m),
  };
  return { connects, room, module, media, cameras, seen, events };
}

function joinAnswer(): MeetingJoin {
  const provider = twilioVideoProvider({ accountSid: 'AC' + '0'.repeat(32), apiKey: 'SK' + '1'.repeat(32), apiSecret: 'secret-for-tests' });
  const joined = provider.join({ room: 'meet-12-34', identity: '12', now: new Date() });
  return {
    error: false,
    Meeting: { MeetingId: 'meet-12-34', Provider: 'twilio', MediaPlacement: { SignalingURL: null }, IceServers: [], SignalCursor: null },
    Attendee: { AttendeeId: '12', ExternalUserId: '12', Side: 'recruiter', JoinToken: joined.token, ExpiresAt: joined.expiresAt!.toISOString() },
    otherProfile: { name: 'Julien Martin', picture: null },
  };
}

describe('Twilio provider, browser side', () => {
  it('joins the pair’s room with the server’s token, publishing the microphone and camera', async () => {
    const d = doubles();
    const join = joinAnswer();
    const call = new TwilioCall(join, d.events, async () => d.module, d.media);
    await call.start();
    expect(d.connects).toHaveLength(1);
    expect(d.connects[0].token).toBe(join.Attendee.JoinToken);
    expect(d.connects[0].token.split('.')).toHaveLength(3);
    expect(d.connects[0].name).toBe('meet-12-34');
    expect(d.connects[0].tracks.map((t) => [t.kind, t.mediaStreamTrack.id])).toEqual([
      ['audio', 'mic'],
      ['video', 'cam-1'],
    ]);
    expect(d.seen.local).toHaveLength(1);
    expect(d.seen.states).toEqual([]);
  });

  it('shows the other person, their media and their mute and camera flags, then their leaving', async () => {
    const d = doubles();
    const call = new TwilioCall(joinAnswer(), d.events, async () => d.module, d.media);
    await call.start();
    const other = new Participant('34');
    const audio = new RemoteTrack('audio', true, mediaTrack('audio', 'their-mic'));
    const video = new RemoteTrack('video', true, mediaTrack('video', 'their-cam'));
    d.room.participants.set('34', other);
    d.room.emit('participantConnected', other);
    expect(d.seen.states.at(-1)).toMatchObject({ connected: true });
    other.emit('trackSubscribed', audio);
    other.emit('trackSubscribed', video);
    const stream = d.seen.remote.at(-1) as unknown as FakeMediaStream;
    expect(stream.getTracks().map((t) => t.id)).toEqual(['their-mic', 'their-cam']);
    audio.emit('disabled');
    expect(d.seen.states.at(-1)).toEqual({ connected: true, audio: false, video: true });
    video.emit('disabled');
    expect(d.seen.states.at(-1)).toEqual({ connected: true, audio: false, video: false });
    audio.emit('enabled');
    expect(d.seen.states.at(-1)).toEqual({ connected: true, audio: true, video: false });
    d.room.participants.delete('34');
    d.room.emit('participantDisconnected', other);
    expect(d.seen.remote.at(-1)).toBeNull();
    expect(d.seen.states.at(-1)).toMatchObject({ connected: false });
  });

  it('attaches someone already in the room when joining', async () => {
    const d = doubles();
    const other = new Participant('34');
    other.tracks.set('v', { track: new RemoteTrack('video', false, mediaTrack('video', 'their-cam')) });
    d.room.participants.set('34', other);
    const call = new TwilioCall(joinAnswer(), d.events, async () => d.module, d.media);
    await call.start();
    expect(d.seen.states.at(-1)).toMatchObject({ connected: true, video: false });
    expect((d.seen.remote.at(-1) as unknown as FakeMediaStream).getTracks().map((t) => t.id)).toEqual(['their-cam']);
  });

  it('mutes, turns the camera off, switches camera and leaves through the same interface as the embedded call', async () => {
    const d = doubles();
    const call = new TwilioCall(joinAnswer(), d.events, async () => d.module, d.media);
    await call.start();
    const [mic, cam] = d.connects[0].tracks as LocalTrack[];
    call.setAudio(false);
    expect(mic.enabled).toBe(false);
    call.setVideo(false);
    expect(cam.enabled).toBe(false);
    await call.switchCamera('back-camera');
    expect(d.cameras.at(-1)).toEqual({ video: { deviceId: { exact: 'back-camera' } } });
    expect(cam.stopped).toBe(true);
    const next = d.room.published.find((t) => t.kind === 'video') as LocalTrack;
    expect(next.mediaStreamTrack.id).toBe('cam-2');
    expect(next.enabled).toBe(false);
    expect(d.room.published).not.toContain(cam);
    call.leave();
    expect(d.room.disconnected).toBe(true);
    expect(mic.stopped && next.stopped).toBe(true);
    // Leaving is not a failure: no error replaces the room.
    d.room.emit('disconnected', d.room);
    expect(d.seen.failures).toEqual([]);
  });

  it('reports a dropped room with the provider’s message', async () => {
    const d = doubles();
    const call = new TwilioCall(joinAnswer(), d.events, async () => d.module, d.media);
    await call.start();
    d.room.emit('disconnected', d.room, { message: 'Signaling connection error' });
    expect(d.seen.failures).toEqual(['Signaling connection error']);
    expect(d.seen.states.at(-1)).toMatchObject({ connected: false });
  });
});
