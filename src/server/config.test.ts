import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 5000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
      cookieSecure: 'auto',
      trustProxy: false,
      authRateLimitPerMinute: 30,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('backs up to DATA_DIR/backups, another folder, or an S3 prefix', () => {
    expect(loadConfig({ DATA_DIR: '/srv/register' }).backupTarget).toEqual({ kind: 'folder', path: path.resolve('/srv/register/backups') });
    expect(loadConfig({ BACKUP_DIR: '/mnt/nas/register' }).backupTarget).toEqual({ kind: 'folder', path: '/mnt/nas/register' });
    expect(loadConfig({ BACKUP_DIR: 's3://estate-backups/register/nightly/' }).backupTarget).toEqual({ kind: 's3', bucket: 'estate-backups', prefix: 'register/nightly' });
    expect(loadConfig({ BACKUP_DIR: 's3://estate-backups' }).backupTarget).toEqual({ kind: 's3', bucket: 'estate-backups', prefix: '' });
    for (const bad of ['s3://', 's3://Estate_Backups/x', 's3:/estate-backups']) {
      expect(() => loadConfig({ BACKUP_DIR: bad }), bad).toThrow(/BACKUP_DIR: expected a folder, or s3:\/\/bucket\/prefix/);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '', DATABASE_URL: '' })).toMatchObject({ port: 5000, host: '127.0.0.1', databaseUrl: undefined });
  });

  it('reads values from the environment', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', TRUST_PROXY: '1', COOKIE_SECURE: 'true', SESSION_IDLE_MINUTES: '5' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', trustProxy: 1, cookieSecure: true, sessionIdleMs: 5 * 60_000 });
  });

  it('sizes the search pool from SEARCH_CONNECTIONS, or leaves it to the processors', () => {
    expect(loadConfig({}).searchConnections).toBeUndefined();
    expect(loadConfig({ SEARCH_CONNECTIONS: '6' }).searchConnections).toBe(6);
    expect(() => loadConfig({ SEARCH_CONNECTIONS: '0' })).toThrow(/SEARCH_CONNECTIONS/);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,loopback', ['10.0.0.5', '10.1.0.0/16', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its IP', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every X-Forwarded-For hop/);
  });

  it('has timeouts for slow clients', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000, requestTimeoutMs: 300_000, keepAliveTimeoutMs: 72_000 });
  });

  it.each([['not-a-number'], ['70000'], ['-1'], ['80.5']])('refuses PORT=%s with an error naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it.each([
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'http://proxy'],
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_URL', 'not a url'],
    ['SESSION_SECRET', 'too-short'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  describe('email digests', () => {
    const smtp = { SMTP_URL: 'smtp://digests:s3cret-pass@mail.example.org:587', MAIL_FROM: 'Asset Register <reminders@example.org>', PUBLIC_URL: 'https://assets.example.org/' };

    it('are off without SMTP_URL', () => {
      expect(loadConfig({}).smtp).toBeUndefined();
      expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }).smtp).toBeUndefined();
    });

    it('read SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash)', () => {
      const config = loadConfig(smtp);
      expect(config.smtp).toEqual({ url: smtp.SMTP_URL, from: smtp.MAIL_FROM });
      expect(config.publicUrl).toBe('https://assets.example.org');
      expect(loadConfig({ ...smtp, SMTP_URL: 'smtps://mail.example.org:465', MAIL_FROM: 'reminders@example.org' }).smtp?.from).toBe('reminders@example.org');
    });

    it.each([['MAIL_FROM'], ['PUBLIC_URL']])('need %s when SMTP_URL is set', (name) => {
      expect(() => loadConfig({ ...smtp, [name]: '' })).toThrow(new RegExp(`${name}.*needed when SMTP_URL is set`));
    });

    it.each([['http://mail.example.org'], ['not a url'], ['smtp://']])('refuse SMTP_URL=%s without repeating it', (value) => {
      expect(() => loadConfig({ ...smtp, SMTP_URL: value })).toThrow(/SMTP_URL: expected smtp:\/\//);
    });

    it('never repeat the password of a refused SMTP_URL', () => {
      try {
        loadConfig({ ...smtp, SMTP_URL: 'ftp://digests:s3cret-pass@mail.example.org' });
        expect.unreachable();
      } catch (err) {
        expect(String(err)).not.toContain('s3cret-pass');
      }
    });

    it.each([['reminders'], ['Name <not an address>'], ['a@b.c\nBcc: x@y.z']])('refuse MAIL_FROM=%s', (value) => {
      expect(() => loadConfig({ ...smtp, MAIL_FROM: value })).toThrow(/MAIL_FROM/);
    });

    it('refuse a PUBLIC_URL that is not http(s)', () => {
      expect(() => loadConfig({ ...smtp, PUBLIC_URL: 'ftp://assets.example.org' })).toThrow(/PUBLIC_URL/);
    });
  });
});
