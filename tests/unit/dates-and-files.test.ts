// The shared date module and the storage-key-to-address rule (models/rules/).
import { describe, expect, it } from 'vitest';
import { formDate, isoDay, listDate, viewerDay, monthsAgo, parseDateBound, parseFormDate, parseIsoDay, readDate } from '../../models/rules/dates.js';
import { fileUrl, isPictureKey, isPrivateKey, parsePictureSize, pictureSources, pictureSourcesOrNull, pictureUrl, sizedKey } from '../../models/rules/storage-url.js';

describe('dates', () => {
  it('keeps ISO days, shows dd/MM/yyyy in forms and reads it back', () => {
    expect(isoDay(new Date('2031-03-15T23:30:00.000Z'))).toBe('2031-03-15');
    expect(formDate('2031-03-15')).toBe('15/03/2031');
    expect(parseFormDate('15/03/2031')).toBe('2031-03-15');
    expect(parseFormDate('5/3/2031')).toBe('2031-03-05');
    expect(parseFormDate('30/02/2031')).toBeNull();
    expect(parseFormDate('2031-03-15')).toBeNull();
  });

  it('accepts only real calendar days as ISO days', () => {
    expect(parseIsoDay('2031-03-15')).toBe('2031-03-15');
    expect(parseIsoDay('2031-03-15T10:00:00.000Z')).toBe('2031-03-15');
    expect(parseIsoDay('2031-02-30')).toBeNull();
    expect(parseIsoDay('1850-01-01')).toBeNull();
    expect(parseIsoDay('15/03/2031')).toBeNull();
  });

  it('shows list dates as yyyy/mm/dd with time, in local time', () => {
    const d = new Date(2026, 2, 2, 9, 5);
    expect(listDate(d)).toBe('2026/03/02 09:05');
    expect(listDate(d.toISOString(), false)).toBe('2026/03/02');
    expect(listDate(Math.floor(d.getTime() / 1000))).toBe('2026/03/02 09:05');
    expect(listDate(null)).toBe('—');
    // A calendar day is that day in every time zone, without a time.
    expect(listDate('2026-03-02')).toBe('2026/03/02');
    expect(listDate('2026-02-30')).toBe('—');
    // The day a filter or a form shows: a day as it is, a moment by the viewer's clock.
    expect(viewerDay('2026-03-02')).toBe('2026-03-02');
    expect(viewerDay(new Date(2026, 2, 2, 0, 0).toISOString())).toBe('2026-03-02');
    expect(viewerDay(new Date(2026, 2, 2, 23, 59))).toBe('2026-03-02');
    expect(viewerDay('02/03/2026')).toBeNull();
    expect(listDate('not a date')).toBe('—');
  });

  it('reads raw row dates of both databases', () => {
    expect(readDate('2026-03-02 10:00:00.000 +00:00')!.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(readDate(new Date('2026-03-02T10:00:00.000Z'))!.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(readDate(null)).toBeNull();
    expect(readDate('garbage')).toBeNull();
  });

  it('turns filter bounds into moments and refuses what the database cannot hold', () => {
    expect(parseDateBound('2026-03-02', false)!.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(parseDateBound('2026-03-02', true)!.toISOString()).toBe('2026-03-02T23:59:59.999Z');
    expect(parseDateBound('2026-03-02T10:00:00Z', false)!.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    for (const bad of ['1e21', 'tomorrow', '2026-02-30', '+275760-09-13', '0999-01-01', 1e21, null, {}]) {
      expect(parseDateBound(bad, false)).toBeNull();
    }
  });

  it('counts months back for list defaults', () => {
    expect(monthsAgo(3, new Date('2026-06-15T12:00:00Z'))).toBe('2026-03-15');
    // Counted on the UTC day whatever the machine's zone (it was the local day, then printed in UTC).
    expect(monthsAgo(3, new Date('2026-06-15T23:30:00Z'))).toBe('2026-03-15');
    expect(monthsAgo(3, new Date('2026-06-15T00:30:00Z'))).toBe('2026-03-15');
  });
});

describe('fileUrl', () => {
  it('serves storage keys under /files and keeps addresses and site paths', () => {
    expect(fileUrl('picture/1a2b3c4d.png')).toBe('/files/picture/1a2b3c4d.png');
    expect(fileUrl('avatar/icon_company.png', 'https://jobs.example')).toBe('https://jobs.example/files/avatar/icon_company.png');
    expect(fileUrl('https://cdn.example/x.png', 'https://jobs.example')).toBe('https://cdn.example/x.png');
    expect(fileUrl('/files/picture/x.png', 'https://jobs.example')).toBe('https://jobs.example/files/picture/x.png');
    expect(fileUrl('/files/picture/x.png')).toBe('/files/picture/x.png');
  });

  it('gives no address to private keys (CVs, stories): those need a signed one from the API', () => {
    expect(fileUrl('picture/1a2b3c4d.pdf')).toBe('');
    expect(fileUrl('story/0f0f/q1/index.m3u8', 'https://jobs.example')).toBe('');
    expect(isPrivateKey('picture/1a2b3c4d.PDF')).toBe(true);
    expect(isPrivateKey('story/0f0f/q1/seg0.ts')).toBe(true);
    expect(isPrivateKey('picture/1a2b3c4d.png')).toBe(false);
    expect(isPrivateKey('avatar/icon_company.png')).toBe(false);
  });
});

describe('pictureUrl and the picture sizes (decision 310)', () => {
  it('names only the four square sizes of the spec', () => {
    expect(['100x100', '50x50', '40x40', '32x32'].map(parsePictureSize)).toEqual([100, 50, 40, 32]);
    for (const s of ['64x64', '40x50', '040x040', '40X40', '40x40x', ' 40x40', '']) expect(parsePictureSize(s), s).toBeNull();
  });

  it('addresses a stored picture at a size, whether given as a key, a /files path or an upload address', () => {
    expect(pictureUrl('picture/1a2b3c4d.png', 40)).toBe('/files/40x40/picture/1a2b3c4d.png');
    expect(pictureUrl('avatar/icon_company.png', 100, 'https://jobs.example')).toBe('https://jobs.example/files/100x100/avatar/icon_company.png');
    expect(pictureUrl('/files/picture/x.jpg', 32)).toBe('/files/32x32/picture/x.jpg');
    expect(pictureUrl('http://127.0.0.1:3999/files/picture/ab12.webp', 50)).toBe('http://127.0.0.1:3999/files/50x50/picture/ab12.webp');
  });

  it('keeps other sites’ pictures, gives private keys no address and never sizes a copy again', () => {
    expect(pictureUrl('https://cdn.example/x.png', 40)).toBe('https://cdn.example/x.png');
    expect(pictureUrl('https://cdn.example/files/other/x.png', 40)).toBe('https://cdn.example/files/other/x.png');
    expect(pictureUrl('picture/1a2b3c4d.pdf', 40)).toBe('');
    expect(pictureUrl('story/0f0f/q1/poster.jpg', 40)).toBe('');
    expect(isPictureKey('picture/40x40/1a2b.png')).toBe(false);
    expect(isPictureKey('picture/1a2b.gif')).toBe(true);
    expect(isPictureKey('logo.png')).toBe(false);
    expect(sizedKey('picture/1a2b.png', 50)).toBe('picture/50x50/1a2b.png');
  });

  it('picks the size covering the box, and the one covering twice the box for dense screens', () => {
    expect(pictureSources('picture/a.png', 40)).toEqual({ src: '/files/40x40/picture/a.png', srcSet: '/files/40x40/picture/a.png 1x, /files/100x100/picture/a.png 2x' });
    expect(pictureSources('picture/a.png', 64)).toEqual({ src: '/files/100x100/picture/a.png' });
    expect(pictureSources('picture/a.png', 48).src).toBe('/files/50x50/picture/a.png');
    expect(pictureSources('https://cdn.example/x.png', 40)).toEqual({ src: 'https://cdn.example/x.png' });
  });

  it('answers no sources in an API answer for no picture or a private key', () => {
    expect(pictureSourcesOrNull('picture/a.png', 40)).toEqual(pictureSources('picture/a.png', 40));
    for (const none of [null, undefined, '', 'picture/1a2b3c4d.pdf', 'story/0f0f/q1/poster.jpg']) expect(pictureSourcesOrNull(none, 64), String(none)).toBeNull();
  });
});
