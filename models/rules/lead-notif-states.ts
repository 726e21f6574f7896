// How far a landing lead was told (back-office.md section 4: notif). The one home of the values:
// the landing-interest model validates its column with them, the console's landings declaration
// offers them. Browser-safe.

/** 0 not notified, 3 e-mail notified, 2 SMS notified: in the order the console lists them. */
export const NOTIF_STATES = [0, 3, 2] as const;

/** A resend of the notification: 0 idle, 1 in progress, 2 sent. */
export const NOTIF_RESEND_STATES = [0, 1, 2] as const;
