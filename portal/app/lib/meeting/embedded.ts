// The embedded call (docs/decisions/160-meeting-room.md): a peer-to-peer WebRTC call between the
// two browsers, signalled through this server (GET and POST /apis/meeting-signal/{recruiter}/{candidate},
// long polling over the session cookie). The recruiter's side always makes the offer:
//   both pages post 'hello' on arrival; a candidate page answers a recruiter's 'hello' with 'here';
//   the recruiter's page answers a candidate's 'hello' or 'here' with a fresh connection and an
//   'offer'; the candidate answers with an 'answer'; both trickle 'ice' candidates; 'state' carries
//   the microphone and camera flags; 'leave' ends the call for the other side.
import { CAPTURE, type CallEvents, type LocalMedia, type MeetingCall, type MeetingJoin, type RemoteState } from './adapter.js';

interface Signal {
  id: number;
  type: 'hello' | 'here' | 'offer' | 'answer' | 'ice' | 'state' | 'leave';
  from: string;
  data: unknown;
}

/** Wait of one signalling read on the server (below its 20 s limit). */
const POLL_WAIT_MS = 15_000;
/** A candidate page not connected says hello again this often; the recruiter's page then makes a
 *  new offer if its connection is not up (a lost message or a failed attempt never sticks). */
const RETRY_MS = 5000;

function randomPeerId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class EmbeddedCall implements MeetingCall {
  private readonly peer = randomPeerId();
  private readonly url: string;
  private readonly side: 'recruiter' | 'candidate';
  private cursor: number;
  private pc: RTCPeerConnection | null = null;
  private remotePeer: string | null = null;
  /** The connection's id: the offer names it, the answer and candidates repeat it, so a message of an
   *  older connection (both pages arriving at once start two) is never applied to the current one. */
  private connection: string | null = null;
  private startedAt = 0;
  private retry: ReturnType<typeof setInterval> | undefined;
  private pendingIce: RTCIceCandidateInit[] = [];
  private stream: MediaStream | null = null;
  private audio = true;
  private video = true;
  private remote: RemoteState = { connected: false, audio: true, video: true };
  private stopped = false;
  private poller: AbortController | null = null;
  /** Posts go out one after another: an 'ice' never overtakes the 'offer' it follows. */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly join: MeetingJoin,
    private readonly events: CallEvents,
    private readonly media: LocalMedia,
  ) {
    this.url = join.Meeting.MediaPlacement.SignalingURL ?? '';
    this.side = join.Attendee.Side;
    this.cursor = join.Meeting.SignalCursor ?? 0;
  }

  async start(): Promise<void> {
    this.stream = await this.media.getUserMedia(CAPTURE);
    this.events.local(this.stream);
    this.send('hello');
    void this.poll();
    if (this.side === 'candidate') {
      this.retry = setInterval(() => {
        if (!this.remote.connected) this.send('hello');
      }, RETRY_MS);
    }
  }

  setAudio(on: boolean): void {
    this.audio = on;
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = on;
    this.sendState();
  }

  setVideo(on: boolean): void {
    this.video = on;
    for (const track of this.stream?.getVideoTracks() ?? []) track.enabled = on;
    this.sendState();
  }

  async switchCamera(deviceId: string): Promise<void> {
    if (!this.stream) return;
    const fresh = await this.media.getUserMedia({ video: { deviceId: { exact: deviceId } } });
    const track = fresh.getVideoTracks()[0];
    track.enabled = this.video;
    const sender = this.pc?.getSenders().find((s) => s.track?.kind === 'video');
    await sender?.replaceTrack(track);
    for (const old of this.stream.getVideoTracks()) {
      old.stop();
      this.stream.removeTrack(old);
    }
    this.stream.addTrack(track);
    this.events.local(this.stream);
  }

  leave(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.retry);
    // keepalive: the message still goes out when the page is closing.
    void fetch(this.url, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ peer: this.peer, type: 'leave' }) }).catch(() => undefined);
    this.poller?.abort();
    this.closePeer();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
  }

  private send(type: Signal['type'], data?: unknown): void {
    const body = JSON.stringify({ peer: this.peer, type, data });
    this.sending = this.sending.then(async () => {
      if (this.stopped) return;
      const res = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => null);
      if (!res?.ok) this.fail(res);
    });
  }

  private sendState(): void {
    this.send('state', { audio: this.audio, video: this.video });
  }

  private async fail(res: Response | null): Promise<void> {
    if (this.stopped) return;
    const body = res ? ((await res.json().catch(() => ({}))) as { message?: string }) : {};
    this.stopped = true;
    clearInterval(this.retry);
    this.poller?.abort();
    this.closePeer();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.events.failed(body.message ?? null);
  }

  private async poll(): Promise<void> {
    while (!this.stopped) {
      this.poller = new AbortController();
      let res: Response;
      try {
        // Low priority: a request that stays open for seconds must not hold back the page's own
        // loads (browsers without the Fetch Priority API ignore it).
        res = await fetch(`${this.url}?after=${this.cursor}&wait=${POLL_WAIT_MS}`, { signal: this.poller.signal, cache: 'no-store', priority: 'low' });
      } catch {
        if (this.stopped) return;
        // The network or a node went away: try again shortly (another node may answer).
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      if (!res.ok) {
        if (res.status >= 500) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        return this.fail(res);
      }
      const { messages, cursor } = (await res.json()) as { messages: Signal[]; cursor: number };
      this.cursor = cursor;
      for (const message of messages) {
        if (this.stopped) return;
        try {
          await this.handle(message);
        } catch {
          // A stale offer or candidate (the other page reloaded meanwhile): the next hello restarts.
        }
      }
    }
  }

  private async handle(m: Signal): Promise<void> {
    switch (m.type) {
      case 'hello':
        if (this.side === 'recruiter') return this.call(m.from);
        // A recruiter's page arrived: tell it we are here; it makes the offer.
        if (this.remotePeer !== m.from) this.closePeer();
        this.send('here');
        return;
      case 'here':
        if (this.side === 'recruiter') return this.call(m.from);
        return;
      case 'offer': {
        if (this.side !== 'candidate') return;
        const { n, sdp } = m.data as { n: string; sdp: string };
        const pc = this.newPeer(m.from, n);
        await pc.setRemoteDescription({ type: 'offer', sdp });
        await this.flushIce();
        const answer = await pc.createAnswer();
        this.send('answer', { n, sdp: answer.sdp });
        await pc.setLocalDescription(answer);
        return;
      }
      case 'answer': {
        const { n, sdp } = m.data as { n: string; sdp: string };
        if (this.side !== 'recruiter' || !this.pc || m.from !== this.remotePeer || n !== this.connection) return;
        await this.pc.setRemoteDescription({ type: 'answer', sdp });
        await this.flushIce();
        return;
      }
      case 'ice': {
        const { n, candidate } = m.data as { n: string; candidate: RTCIceCandidateInit };
        if (!this.pc || m.from !== this.remotePeer || n !== this.connection) return;
        this.pendingIce.push(candidate);
        if (this.pc.remoteDescription) await this.flushIce();
        return;
      }
      case 'state': {
        const flags = m.data as { audio?: boolean; video?: boolean };
        this.setRemote({ audio: flags.audio !== false, video: flags.video !== false });
        return;
      }
      case 'leave':
        if (m.from !== this.remotePeer) return;
        this.closePeer();
        this.events.remote(null);
        this.setRemote({ connected: false, audio: true, video: true });
        return;
    }
  }

  /** The recruiter's side: a fresh connection to this page, and the offer. A page that says hello
   *  and here (both pages arrived at once) gets one connection, not two. */
  private async call(remotePeer: string): Promise<void> {
    const young = Date.now() - this.startedAt < RETRY_MS;
    const live = this.pc && this.remotePeer === remotePeer && (this.pc.connectionState === 'connected' || (young && !['failed', 'closed'].includes(this.pc.connectionState)));
    if (live) return;
    const n = randomPeerId();
    const pc = this.newPeer(remotePeer, n);
    const offer = await pc.createOffer();
    // Posted before setLocalDescription starts gathering: the 'ice' messages come after it.
    this.send('offer', { n, sdp: offer.sdp });
    await pc.setLocalDescription(offer);
  }

  private newPeer(remotePeer: string, connection: string): RTCPeerConnection {
    this.closePeer();
    this.remotePeer = remotePeer;
    this.connection = connection;
    this.startedAt = Date.now();
    this.pendingIce = [];
    const pc = new RTCPeerConnection({ iceServers: this.join.Meeting.IceServers });
    this.pc = pc;
    for (const track of this.stream?.getTracks() ?? []) pc.addTrack(track, this.stream!);
    pc.onicecandidate = (e) => {
      if (e.candidate && this.pc === pc) this.send('ice', { n: connection, candidate: e.candidate.toJSON() });
    };
    pc.ontrack = (e) => {
      if (this.pc === pc) this.events.remote(e.streams[0] ?? new MediaStream([e.track]));
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        this.setRemote({ connected: true });
        // Our flags, now that someone hears them.
        this.sendState();
      } else if (pc.connectionState === 'failed' || pc.connectionState === 'closed' || pc.connectionState === 'disconnected') {
        this.setRemote({ connected: false });
      }
    };
    return pc;
  }

  private async flushIce(): Promise<void> {
    const pc = this.pc;
    if (!pc?.remoteDescription) return;
    const list = this.pendingIce;
    this.pendingIce = [];
    for (const candidate of list) await pc.addIceCandidate(candidate);
  }

  private closePeer(): void {
    if (!this.pc) return;
    const pc = this.pc;
    this.pc = null;
    this.remotePeer = null;
    this.connection = null;
    pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = null;
    pc.close();
  }

  private setRemote(change: Partial<RemoteState>): void {
    this.remote = { ...this.remote, ...change };
    this.events.state(this.remote);
  }
}
