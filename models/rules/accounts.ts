// The enumerations of a user account (back-office.md section 3, User): its profile, its plan and
// the actions of its contact history. The one home of these lists: the users model validates its
// columns with them, the console's users declaration offers them, the staff services check them.
// Browser-safe.

export const PROFILES = ['candidate', 'recruiter', 'manager', 'landing'] as const;
export type Profile = (typeof PROFILES)[number];

export const USER_PLANS = ['free', 'aplan', 'bplan', 'custom'] as const;
export type UserPlan = (typeof USER_PLANS)[number];

export const CONTACT_ACTIONS = ['sms', 'email', 'voice_msg', 'no_response', 'will_postulate'] as const;
export type ContactAction = (typeof CONTACT_ACTIONS)[number];
