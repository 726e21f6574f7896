// Which store badge the landing's last step shows: iOS, Android, or a QR code for the others.
export type Device = 'ios' | 'android' | 'unknown';

export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return 'unknown';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'unknown';
}
