import { describe, expect, it, vi } from 'vitest';
import { applyFieldErrors } from './field-errors';

const error = (status: number, body: unknown) => new Error(`${status}: ${JSON.stringify(body)}`);

describe('applyFieldErrors', () => {
  it("puts a 400's per-field messages (the error handler's `errors`) on the form's fields", () => {
    const setError = vi.fn();
    const applied = applyFieldErrors(error(400, { message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } }), setError);
    expect(applied).toBe(true);
    expect(setError).toHaveBeenCalledWith('currentPassword', { type: 'server', message: 'Current password is incorrect' });
  });

  it('reads `fieldErrors` too, taking the first message of a list', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(error(400, { message: 'x', fieldErrors: { email: ['Enter a valid email address', 'other'] } }), setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Enter a valid email address' });
  });

  it('leaves other errors to the caller (a toast)', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(error(400, { message: 'No fields' }), setError)).toBe(false);
    expect(applyFieldErrors(error(409, { message: 'Conflict', errors: { a: 'b' } }), setError)).toBe(false);
    expect(applyFieldErrors(new Error('400: not json'), setError)).toBe(false);
    expect(applyFieldErrors('nope', setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
