// The public offer, read once per request (the root loader needs its language, the page its content).
import type { AppLoadContext } from '@remix-run/node';
import { memo } from '../../server/context.js';

export function loadOffer(context: AppLoadContext, jobCode: string) {
  return memo(context, `offer:${jobCode.toUpperCase()}`, () => context.services.getPublicOffer(jobCode, context.deps.clock()));
}
