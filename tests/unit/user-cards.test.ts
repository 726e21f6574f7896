// The card rules of back-office.md section 4 (api/services/accounts/user-cards.service.ts).
import { describe, expect, it } from 'vitest';
import { cardColor, contactable, isBadApplication, CONTACTABLE_AFTER_MS } from '../../api/services/accounts/user-cards.service.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const longAgo = new Date(NOW.getTime() - CONTACTABLE_AFTER_MS - 1000);
const base = { profile: 'candidate', contactable: true, applications_count: 0, created_at: longAgo, closeHistoryCount: 0, closed_at: null };

describe('contactable', () => {
  it('holds for a flagged candidate without applications, older than 6 hours, never closed', () => {
    expect(contactable(base, NOW)).toBe(true);
    expect(contactable({ ...base, contactable: 1, applications_count: '0' }, NOW)).toBe(true);
  });

  it('fails on each condition alone', () => {
    expect(contactable({ ...base, contactable: false }, NOW)).toBe(false);
    expect(contactable({ ...base, applications_count: 1 }, NOW)).toBe(false);
    expect(contactable({ ...base, created_at: new Date(NOW.getTime() - CONTACTABLE_AFTER_MS) }, NOW)).toBe(false);
    expect(contactable({ ...base, created_at: new Date(NOW.getTime() - 3600_000) }, NOW)).toBe(false);
    expect(contactable({ ...base, closeHistoryCount: 1 }, NOW)).toBe(false);
    expect(contactable({ ...base, closed_at: new Date(NOW.getTime() - 1000) }, NOW)).toBe(false);
  });

  it('always holds for a landing lead', () => {
    expect(contactable({ ...base, profile: 'landing', contactable: false, applications_count: 3, created_at: NOW, closeHistoryCount: 2 }, NOW)).toBe(true);
  });
});

describe('cardColor', () => {
  it('is yellow after will_postulate, else green when contactable, else grey', () => {
    expect(cardColor('will_postulate', false)).toBe('yellow');
    expect(cardColor('will_postulate', true)).toBe('yellow');
    expect(cardColor('sms', true)).toBe('green');
    expect(cardColor(undefined, true)).toBe('green');
    expect(cardColor('no_response', false)).toBe('grey');
    expect(cardColor(null, false)).toBe('grey');
  });
});

describe('isBadApplication', () => {
  it('flags an application when any question is not done', () => {
    expect(isBadApplication([{ state: 'done' }, { state: 'done' }])).toBe(false);
    expect(isBadApplication([{ state: 'done' }, { state: 'todo' }])).toBe(true);
    expect(isBadApplication([{ state: 'done' }, {}])).toBe(true);
    expect(isBadApplication([])).toBe(false);
  });
});
