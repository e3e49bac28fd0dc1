import { describe, expect, it } from 'vitest';
import { authConfig } from '../../test/fixtures';
import { buildAuthorizeUrl, decodeState, safeReturnPath } from './login';

const ORIGIN = 'https://portal.example.com';

describe('safeReturnPath', () => {
  it.each<[string | null | undefined, string]>([
    ['/orgs?x=1#t', '/orgs?x=1#t'],
    ['/orgs/123/clusters/7', '/orgs/123/clusters/7'],
    ['/', '/'],
    [`${ORIGIN}/orgs?x=1`, '/orgs?x=1'],
    [`${ORIGIN}:443/orgs`, '/orgs'],
    ['/orgs/./a/../b', '/orgs/b'],
    ['//evil.com', '/'],
    ['///evil.com', '/'],
    ['/\t/evil.com', '/'],
    ['/\n/evil.com', '/'],
    ['/\r/evil.com', '/'],
    ['\t//evil.com', '/'],
    [' //evil.com', '/'],
    ['/%09/evil.com', '/'],
    ['/%0A/evil.com', '/'],
    ['/%0a/evil.com', '/'],
    ['/%00/evil.com', '/'],
    ['/%7F/evil.com', '/'],
    ['/\u0000/evil.com', '/'],
    ['\\\\evil.com', '/'],
    ['/\\evil.com', '/'],
    ['\\/evil.com', '/'],
    ['/.//evil.com', '/'],
    ['/a/../..//evil.com', '/'],
    ['/%2e%2e//evil.com', '/'],
    ['https://evil.com', '/'],
    ['https://evil.com/orgs', '/'],
    ['http://portal.example.com/orgs', '/'],
    ['https://portal.example.com.evil.com/orgs', '/'],
    ['https://portal.example.com@evil.com/', '/'],
    ['javascript:alert(1)', '/'],
    ['JavaScript:alert(1)', '/'],
    ['data:text/html,<script>alert(1)</script>', '/'],
    ['/auth_redirect', '/'],
    ['/auth_redirect?prev=/orgs#access_token=x', '/'],
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
  ])('%j → %j', (target, expected) => {
    expect(safeReturnPath(target, ORIGIN)).toBe(expected);
  });

  it('checks against the page origin by default', () => {
    expect(safeReturnPath(`${window.location.origin}/orgs?x=1`)).toBe('/orgs?x=1');
    expect(safeReturnPath('/\t/evil.com')).toBe('/');
    expect(safeReturnPath(`${ORIGIN}/orgs`)).toBe(window.location.origin === ORIGIN ? '/orgs' : '/');
  });

  it('gives "/" for an origin it cannot parse', () => {
    expect(safeReturnPath('/orgs', 'not a url')).toBe('/');
  });
});

describe('the login state', () => {
  it('carries only a safe return target', () => {
    const state = (target: string) => decodeState(buildAuthorizeUrl(authConfig, target).state)?.t;
    expect(state('/orgs?status=ACTIVE')).toBe('/orgs?status=ACTIVE');
    expect(state('/\t/evil.example')).toBe('/');
    expect(state('/%0A/evil.example')).toBe('/');
    expect(state('//evil.example')).toBe('/');
  });
});
