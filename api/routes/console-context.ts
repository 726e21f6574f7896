// What a console request's handlers work with (ConsoleCtx): the caller, the clock, the connection
// bound to the request, the public address, the storage and the media signer. One builder for the
// console routes and the routes that act on a console list (the leads' bulk resend).
import type { Request } from 'express';
import type { AppDeps } from '../deps.js';
import { boundSequelize } from '../../models/index.js';
import type { ConsoleCtx } from '../console/engine.js';
import { uploadStoreFor } from '../integrations/upload-store.js';

export function consoleCtxOf(deps: AppDeps, req: Request): ConsoleCtx {
  const sequelize = boundSequelize();
  return {
    caller: req.caller!,
    clock: deps.clock,
    sequelize,
    dialect: sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql',
    publicUrl: deps.settings.publicUrl,
    storage: deps.storage,
    uploads: uploadStoreFor(deps.settings),
    media: deps.media!,
    invitationsPerDay: deps.settings.invitations.perDay,
    webhooks: { allowLoopback: deps.settings.webhooks.allowLoopback, resolve: deps.webhookResolve },
  };
}
