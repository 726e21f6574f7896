// The meeting room's call, browser side (docs/decisions/160-meeting-room.md): one interface, two
// adapters. The page gets a MeetingCall from createCall() and never knows which provider runs:
// the join answer's Meeting.Provider picks the adapter, loaded on demand (twilio-video only when
// Twilio is configured, so the default page stays light).
import { browserMedia, type CallEvents, type MeetingCall, type MeetingJoin } from './adapter.js';

export async function createCall(join: MeetingJoin, events: CallEvents): Promise<MeetingCall> {
  if (join.Meeting.Provider === 'twilio') {
    const { TwilioCall, loadTwilioVideo } = await import('./twilio.js');
    return new TwilioCall(join, events, loadTwilioVideo, browserMedia);
  }
  const { EmbeddedCall } = await import('./embedded.js');
  return new EmbeddedCall(join, events, browserMedia);
}
