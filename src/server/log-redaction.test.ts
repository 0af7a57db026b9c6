import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../tests/setup/test-app';
import { redactSignedParams, redactUrlPassword } from './log-redaction';

describe('redactSignedParams', () => {
  it.each([
    ['/api/reports/exports/x/download?expires=1&sig=abc', '/api/reports/exports/x/download?expires=1&sig=[redacted]'],
    ['/u?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=deadbeef&x=1', '/u?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&x=1'],
    ['/a?x-amz-security-token=t#frag', '/a?x-amz-security-token=[redacted]#frag'],
    ['/plain?design=1', '/plain?design=1'],
  ])('%s', (url, expected) => {
    expect(redactSignedParams(url)).toBe(expected);
  });
});

describe('redactUrlPassword', () => {
  it.each([
    ['smtp://digests:p%40ss@mail.example.org:587', 'smtp://digests:[redacted]@mail.example.org:587'],
    ['smtps://mail.example.org:465', 'smtps://mail.example.org:465'],
    ['not a url with a password', '[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrlPassword(url)).toBe(expected);
  });
});

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true });
  });
  afterAll(async () => t?.close());

  it('never hold a signed link\'s signature', async () => {
    const { cookie } = await registerUser(t.app);
    const secret = 'SIGNATURE-THAT-MUST-NOT-BE-LOGGED';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/exports/00000000-0000-4000-8000-000000000000/download?expires=99999999999999&sig=${secret}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(404);
    const text = t.logs.join('\n');
    expect(text).toContain('/download?expires=99999999999999&sig=[redacted]');
    expect(text).not.toContain(secret);
  });
});
