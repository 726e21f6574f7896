// The signed addresses of the demo's interview invitations (seeders/demo-data.ts DEMO_INVITATIONS) on
// a server started by startServer: the links are signed with that server's secret, derived from
// SESSION_SECRET when set, else the file it wrote beside its storage (api/integrations/media-urls.ts).
import path from 'node:path';
import { createInvitationLinks } from '../../api/services/invitations/invitation-links.js';
import { DEMO_INVITATIONS } from '../../seeders/demo-data.js';

export interface DemoInvitationPages {
  /** The personal link of the invitation past its deadline: the 410 page. */
  expired: string;
  /** The unsubscribe page of the open invitation (its form). */
  unsubscribe: string;
  /** The unsubscribe page of the invitation whose address already unsubscribed. */
  unsubscribed: string;
}

/** The pages' paths on the server whose data folder is `dataDir` (RunningServer.dataDir). */
export function demoInvitationPages(dataDir: string): DemoInvitationPages {
  const links = createInvitationLinks({ sessionSecret: process.env.SESSION_SECRET, storageDir: path.join(dataDir, 'storage'), publicUrl: '' });
  return {
    expired: links.openUrl(DEMO_INVITATIONS.expired),
    unsubscribe: links.unsubscribeUrl(DEMO_INVITATIONS.open),
    unsubscribed: links.unsubscribeUrl(DEMO_INVITATIONS.unsubscribed),
  };
}
