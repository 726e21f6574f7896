// Wishlist entries: removing one recounts the candidate's wishlist counters.
import type { ServerPart } from '../types.js';
import { recountUsers } from '../../services/applications/user-counters.service.js';

export const wishlistsServer: ServerPart = {
  afterChange: (t, row) => recountUsers([row.candidate_id as string], t),
};
