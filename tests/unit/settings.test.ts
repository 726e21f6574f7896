import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadSettings, ROOT_DIR } from '../../config/settings.js';

describe('settings', () => {
  it('defaults to SQLite under var/ with demo data and port 3000', () => {
    const s = loadSettings({});
    expect(s.port).toBe(3000);
    expect(s.database).toEqual({ dialect: 'sqlite', storage: path.join(ROOT_DIR, 'var/app.sqlite'), url: 'sqlite:var/app.sqlite' });
    expect(s.demoData).toBe(true);
  });

  it('keeps demo data off for MySQL unless asked', () => {
    expect(loadSettings({ DATABASE_URL: 'mysql://u:p@h:3306/db' }).demoData).toBe(false);
    expect(loadSettings({ DATABASE_URL: 'mysql://u:p@h:3306/db', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('accepts absolute SQLite paths', () => {
    expect(loadSettings({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toMatchObject({ storage: '/tmp/x.sqlite' });
  });

  it('names the wrong variable', () => {
    expect(() => loadSettings({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadSettings({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadSettings({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('keeps uploads in progress in the bucket with STORAGE_URL, in UPLOAD_TMP_DIR otherwise or when asked (decision 406)', () => {
    expect(loadSettings({}).video.uploadStore).toBe('folder');
    expect(loadSettings({ STORAGE_URL: 's3://media/prod' }).video.uploadStore).toBe('bucket');
    expect(loadSettings({ STORAGE_URL: 's3://media/prod', UPLOAD_STORE: 'folder' }).video.uploadStore).toBe('folder');
    expect(() => loadSettings({ UPLOAD_STORE: 'bucket' })).toThrow(/UPLOAD_STORE: bucket needs STORAGE_URL/);
    expect(() => loadSettings({ UPLOAD_STORE: 'disk' })).toThrow(/UPLOAD_STORE/);
  });

  it('reads the metrics settings: a token of 16+ characters, an optional port of its own', () => {
    expect(loadSettings({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(loadSettings({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      token: 'a-long-enough-token',
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => loadSettings({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadSettings({ METRICS_PORT: 'http' })).toThrow(/METRICS_PORT/);
  });

  it('reads TRUST_PROXY: off by default, a hop count, or named proxies and CIDR ranges; refuses "true"', () => {
    expect(loadSettings({}).trustProxy).toBe(false);
    expect(loadSettings({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadSettings({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadSettings({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadSettings({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['true', '10.0.0.0/33', 'example.com', 'loopback;x']) expect(() => loadSettings({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});
