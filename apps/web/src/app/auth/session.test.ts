import { describe, expect, it } from 'vitest';
import { getValidSession, isSessionValid, readSession, SESSION_KEY, writeSession } from './session';

const session = { accessToken: 'a', idToken: 'i', expiresAt: 1_000_000, email: 'olivia@example.com' };

describe('login session', () => {
  it('is valid only while now is before the expiry', () => {
    expect(isSessionValid(session, 999_999)).toBe(true);
    expect(isSessionValid(session, 1_000_000)).toBe(false);
    expect(isSessionValid(session, 1_000_001)).toBe(false);
    expect(isSessionValid(null, 0)).toBe(false);
  });

  it('round-trips through localStorage and hides an expired one', () => {
    writeSession(session);
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? '{}')).toEqual(session);
    expect(readSession()).toEqual(session);
    expect(getValidSession(999_999)).toEqual(session);
    expect(getValidSession(1_000_000)).toBeNull();
  });

  it('treats a corrupt or partial entry as signed out', () => {
    window.localStorage.setItem(SESSION_KEY, '{not json');
    expect(readSession()).toBeNull();
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ idToken: 'i' }));
    expect(readSession()).toBeNull();
  });
});
