// Display helpers: dates as yyyy/mm/dd in lists (section 9), descriptions cut with newlines as spaces.
export function listDate(value: unknown, withTime = true): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = typeof value === 'number' ? new Date(value * 1000) : new Date(String(value));
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())}`;
  return withTime ? `${day} ${p(d.getHours())}:${p(d.getMinutes())}` : day;
}

export function cut(text: unknown, max: number): string {
  const s = String(text ?? '').replace(/\s*\n\s*/g, ' ');
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

export const STATE_COLORS: Record<string, string> = { green: '#2e7d32', yellow: '#f9a825', grey: '#9e9e9e' };
