import { describe, expect, it } from 'vitest';
import { errorMessage, urlFromQueryKey } from './api-client';

describe('urlFromQueryKey', () => {
  it('uses the first part as the URL', () => {
    expect(urlFromQueryKey(['/api/user'])).toBe('/api/user');
  });

  it('turns object parts into query-string entries, skipping empty, falsy and "all" values', () => {
    expect(
      urlFromQueryKey(['/api/assets', { limit: 50, search: 'boiler', condition: 'all', type: '', status: undefined, page: 0 }]),
    ).toBe('/api/assets?limit=50&search=boiler');
  });

  it('encodes values and appends further string parts as path segments', () => {
    expect(urlFromQueryKey(['/api/assets', 'a b', { search: 'R&D 50%' }])).toBe('/api/assets/a%20b?search=R%26D+50%25');
  });
});

describe('errorMessage', () => {
  it("reads the server's message from a JSON error body", () => {
    expect(errorMessage(new Error('401: {"message":"Invalid username or password"}'))).toBe('Invalid username or password');
  });

  it('falls back to the body text when it is not our JSON shape', () => {
    expect(errorMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
  });

  it('returns other errors unchanged', () => {
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});
