// The profiles a user account has (spec: candidate, recruiter, manager, landing lead). Browser-safe:
// the schemas shared with the browser (api/services/sso.schema.ts) read it; user.model.ts re-exports it.
export const PROFILES = ['candidate', 'recruiter', 'manager', 'landing'] as const;
export type Profile = (typeof PROFILES)[number];
