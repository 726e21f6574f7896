// Display helpers: dates as yyyy/mm/dd in lists (section 9), descriptions cut with newlines as spaces.
// The list date format lives with every other date rule.
export { listDate } from '../../../models/rules/dates.js';

export function cut(text: unknown, max: number): string {
  const s = String(text ?? '').replace(/\s*\n\s*/g, ' ');
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

export const STATE_COLORS: Record<string, string> = { green: '#2e7d32', yellow: '#f9a825', grey: '#9e9e9e' };
