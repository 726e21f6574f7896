// The meeting room's calls (docs/decisions/160-meeting-room.md):
// GET /apis/meeting-flight/{recruiter}/{candidate}/{current}: the join answer (spec's shape);
// GET and POST /apis/meeting-signal/{recruiter}/{candidate}: the embedded call's signalling
// (long polling and posts, through the database so any node serves either page);
// /apis/meeting-invite/{recruiter}/{candidate}: send the link now or schedule the call (POST), the
// calls to come (GET), cancel one (DELETE .../{id}); docs/decisions/290-meeting-invitations.md.
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { forbidden } from '../lib/errors.js';
import { ownOrigins } from '../auth/csrf.js';
import { meetingProvider } from '../integrations/meeting.js';
import { joinMeeting, meetingAccess, receiveSignals, sendSignal } from '../services/meetings/meeting.service.js';
import { cancelMeeting, inviteToMeeting, upcomingMeetings } from '../services/meetings/meeting-invites.service.js';
import {
  meetingInviteIdSchema,
  meetingInviteSchema,
  meetingParamsSchema,
  signalQuerySchema,
  signalSchema,
  type MeetingInvite,
  type MeetingParams,
  type SignalInput,
  type SignalQuery,
} from '../services/meetings/meeting.schema.js';

const checkParams = validate({ params: meetingParamsSchema });

/**
 * The signalling GET is read with the session cookie: a page of another site must not read it.
 * Browsers send Origin or Sec-Fetch-Site on such a request; when present they must be ours
 * (POSTs are checked by the CSRF guard already).
 */
function sameOriginRead(publicUrl: string): RequestHandler {
  return (req, _res, next) => {
    if (req.caller?.via !== 'cookie') return next();
    const origin = req.get('origin');
    const site = req.get('sec-fetch-site');
    if (origin !== undefined && (origin === 'null' || !ownOrigins(req, publicUrl).includes(origin.toLowerCase()))) return next(forbidden('csrf_refused', 'csrf_refused'));
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return next(forbidden('csrf_refused', 'csrf_refused'));
    next();
  };
}

export function meetingRoutes(deps: AppDeps): Router {
  const router = Router();
  const provider = meetingProvider(deps.settings);

  router.get('/meeting-flight/:recruiter/:candidate/:current', checkParams, async (req, res) => {
    const access = await meetingAccess(req.caller?.user, req.params as unknown as MeetingParams);
    // A Twilio token is a credential: never cached.
    res.set('Cache-Control', 'no-store').json(await joinMeeting(access, provider, deps.clock()));
  });

  router.get('/meeting-signal/:recruiter/:candidate', sameOriginRead(deps.settings.publicUrl), checkParams, validate({ query: signalQuerySchema }), async (req, res) => {
    const access = await meetingAccess(req.caller?.user, req.params as unknown as MeetingParams);
    let closed = false;
    res.on('close', () => (closed = true));
    const result = await receiveSignals(access, req.query as unknown as SignalQuery, () => closed);
    if (!closed) res.set('Cache-Control', 'no-store').json(result);
  });

  router.post('/meeting-signal/:recruiter/:candidate', checkParams, validate({ body: signalSchema }), async (req, res) => {
    const access = await meetingAccess(req.caller?.user, req.params as unknown as MeetingParams);
    res.status(201).json(await sendSignal(access, req.body as SignalInput, deps.clock()));
  });

  router.get('/meeting-invite/:recruiter/:candidate', checkParams, async (req, res) => {
    const access = await meetingAccess(req.caller?.user, req.params as unknown as MeetingParams);
    res.set('Cache-Control', 'no-store').json({ meetings: await upcomingMeetings(access, deps.clock()) });
  });

  router.post('/meeting-invite/:recruiter/:candidate', checkParams, validate({ body: meetingInviteSchema }), async (req, res) => {
    const access = await meetingAccess(req.caller?.user, req.params as unknown as MeetingParams);
    res.status(201).json({ meeting: await inviteToMeeting(access, req.body as MeetingInvite, deps.clock()) });
  });

  router.delete('/meeting-invite/:recruiter/:candidate/:id', validate({ params: meetingInviteIdSchema }), async (req, res) => {
    const params = req.params as unknown as { recruiter: string; candidate: string; id: number };
    const access = await meetingAccess(req.caller?.user, params);
    res.json({ meeting: await cancelMeeting(access, params.id, deps.clock()) });
  });

  return router;
}
