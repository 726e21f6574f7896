// Wishlist entries: removing one recounts the candidate's wishlist counters.
import type { ServerPart } from '../../../api/console/types.js';
import { recountUsers } from '../../../api/services/user-counters.service.js';

export const wishlistsServer: ServerPart = {
  afterChange: (t, row) => recountUsers([row.candidate_id as string], t),
};
