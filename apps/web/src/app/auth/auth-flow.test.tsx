import { screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureManifest } from '../../shared/lib/feature';
import { browser } from '../../shared/lib/browser';
import { mockFetch } from '../../test/fetchMock';
import { authConfig, fakeJwt, operatorProfile } from '../../test/fixtures';
import { createTestQueryClient, renderApp } from '../../test/render';
import { decodeState, encodeState, NONCE_KEY, STATE_KEY } from './login';
import { AuthRedirectPage, LOGIN_RETRY_DELAY_MS } from './AuthRedirectPage';
import { readSession, writeSession } from './session';

function HelloPage() {
  return <p>Hello page</p>;
}

const features: FeatureManifest[] = [
  {
    key: 'hello',
    requires: 'overview.read',
    routes: [
      { path: '/overview', page: async () => HelloPage },
      { path: '/orgs', page: async () => HelloPage },
    ],
  },
];

function serve() {
  return mockFetch({
    'GET /api/v1/public/auth-config': { body: authConfig },
    'GET /api/v1/devops/me': { body: operatorProfile },
  });
}

function stubNavigation() {
  return {
    assign: vi.spyOn(browser, 'assign').mockImplementation(() => undefined),
    reload: vi.spyOn(browser, 'reload').mockImplementation(() => undefined),
  };
}

describe('unauthenticated visit', () => {
  it('shows the redirect notice and sends the browser to the authorize endpoint with the return path', async () => {
    serve();
    const { assign } = stubNavigation();
    renderApp('/orgs?status=ACTIVE&page=2', features);
    expect(screen.getByText('Redirecting you to the login page...')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));

    const url = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(authConfig.authorizationEndpoint);
    expect(url.searchParams.get('response_type')).toBe('token id_token');
    expect(url.searchParams.get('client_id')).toBe(authConfig.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth_redirect`);
    expect(url.searchParams.get('scope')).toBe('openid email');
    const nonce = url.searchParams.get('nonce');
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(window.sessionStorage.getItem(NONCE_KEY)).toBe(nonce);
    const state = url.searchParams.get('state');
    expect(window.sessionStorage.getItem(STATE_KEY)).toBe(state);
    expect(decodeState(state)?.t).toBe('/orgs?status=ACTIVE&page=2');
    expect(screen.queryByText('Hello page')).not.toBeInTheDocument();
  });

  it('treats an expired session as signed out and keeps the path', async () => {
    serve();
    const { assign } = stubNavigation();
    writeSession({ accessToken: 'a', idToken: 'i', expiresAt: Date.now() - 1, email: 'olivia@example.com' });
    renderApp('/orgs', features);
    expect(screen.getByText('Redirecting you to the login page...')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(decodeState(new URL(assign.mock.calls[0]?.[0] ?? '').searchParams.get('state'))?.t).toBe('/orgs');
  });

  it('says where to open the portal when the server is configured for another address, and does not log in', async () => {
    const message = 'This portal is configured for https://portal.example.com — open it there to sign in.';
    const details = { portalUrl: 'https://portal.example.com/' };
    const { calls } = mockFetch({
      'GET /api/v1/public/auth-config': { status: 400, body: { code: 'request.invalid', message, details } },
    });
    const { assign } = stubNavigation();
    renderApp('/orgs', features);
    expect(await screen.findByText('Sign-in is not available at this address')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open https://portal.example.com/' })).toHaveAttribute(
      'href',
      'https://portal.example.com/',
    );
    expect(calls('GET', '/api/v1/public/auth-config')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('renders the page with a valid session', async () => {
    serve();
    const { assign } = stubNavigation();
    writeSession({ accessToken: 'a', idToken: 'i', expiresAt: Date.now() + 60_000, email: 'olivia@example.com' });
    renderApp('/orgs', features);
    expect(await screen.findByText('Hello page')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('/auth_redirect', () => {
  function prepare(target = '/orgs?page=3') {
    const state = encodeState({ r: 'random-state', t: target });
    window.sessionStorage.setItem(STATE_KEY, state);
    window.sessionStorage.setItem(NONCE_KEY, 'nonce-1');
    return state;
  }

  it('stores the session, says "Login successfully" and goes to prev', async () => {
    serve();
    stubNavigation();
    const state = prepare();
    const idToken = fakeJwt({ email: 'olivia@example.com', nonce: 'nonce-1' });
    const before = Date.now();
    const { router } = renderApp(
      `/auth_redirect?prev=${encodeURIComponent('/overview')}#access_token=at-1&id_token=${idToken}&expires_in=3600&token_type=Bearer&state=${state}`,
      features,
    );
    expect(await screen.findByText('Login successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
    expect(router.state.location.hash).toBe('');
    expect(await screen.findByText('Hello page')).toBeInTheDocument();
    const session = readSession();
    expect(session).toMatchObject({ accessToken: 'at-1', idToken, email: 'olivia@example.com' });
    expect(session!.expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(session!.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(window.sessionStorage.getItem(NONCE_KEY)).toBeNull();
  });

  it('goes to the target carried in state when there is no prev', async () => {
    serve();
    stubNavigation();
    const state = prepare('/orgs?page=3');
    const idToken = fakeJwt({ email: 'olivia@example.com', nonce: 'nonce-1' });
    const { router } = renderApp(
      `/auth_redirect#access_token=at&id_token=${idToken}&expires_in=60&state=${state}`,
      features,
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orgs?page=3'),
    );
  });

  it('shows "Please wait..." while it reads the answer', () => {
    // The first paint, before any effect has handled the fragment.
    const html = renderToString(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/auth_redirect#access_token=a']}>
          <AuthRedirectPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('Please wait...');
    expect(html).not.toContain('Login failed');
  });

  it('fails with the default reason, then restarts login', async () => {
    serve();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { assign } = stubNavigation();
    renderApp('/auth_redirect', features);
    expect((await screen.findAllByText('Login failed: authentication failure')).length).toBeGreaterThan(0);
    expect(readSession()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LOGIN_RETRY_DELAY_MS);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(assign.mock.calls[0]?.[0] ?? '').searchParams.get('response_type')).toBe('token id_token');
  });

  it('rejects an id token whose nonce is not ours', async () => {
    serve();
    stubNavigation();
    const state = prepare();
    const idToken = fakeJwt({ email: 'mallory@example.com', nonce: 'someone-elses' });
    renderApp(`/auth_redirect#access_token=at&id_token=${idToken}&expires_in=60&state=${state}`, features);
    expect((await screen.findAllByText('Login failed: authentication failure')).length).toBeGreaterThan(0);
    expect(readSession()).toBeNull();
  });

  /** Puts the issuer's answer in the page's own address (the memory router under test does not), as in a browser. */
  function arriveAt(url: string): string {
    window.history.replaceState(null, '', url);
    expect(window.location.hash).toContain('access_token');
    return url;
  }

  function expectNoTokensInAddress() {
    expect(window.location.hash).toBe('');
    expect(window.location.href).toBe(`${window.location.origin}/auth_redirect`);
  }

  it.each(['%09', '%0A', '%2F', '%5C'])(
    'goes home, never off-origin, for prev=/%s/evil.com and clears the tokens from the address',
    async (escape) => {
      serve();
      const { assign } = stubNavigation();
      const state = prepare('/\t/evil.com');
      const idToken = fakeJwt({ email: 'olivia@example.com', nonce: 'nonce-1' });
      const url = arriveAt(
        `/auth_redirect?prev=/${escape}/evil.com#access_token=at-1&id_token=${idToken}&expires_in=60&state=${state}`,
      );
      const { router } = renderApp(url, features);
      expect(await screen.findByText('Login successfully')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
      expect(await screen.findByText('Hello page')).toBeInTheDocument();
      expect(screen.queryByText('Please wait...')).not.toBeInTheDocument();
      expect(router.state.location.hash).toBe('');
      expectNoTokensInAddress();
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('clears the tokens from the address on success', async () => {
    serve();
    stubNavigation();
    const state = prepare('/orgs?page=3');
    const idToken = fakeJwt({ email: 'olivia@example.com', nonce: 'nonce-1' });
    const url = arriveAt(`/auth_redirect#access_token=at-1&id_token=${idToken}&expires_in=60&state=${state}`);
    const { router } = renderApp(url, features);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orgs?page=3'),
    );
    expectNoTokensInAddress();
  });

  it('clears the tokens from the address on failure, then restarts login to a safe target', async () => {
    serve();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { assign } = stubNavigation();
    prepare();
    const forged = encodeState({ r: 'forged', t: '/\t/evil.com' });
    const idToken = fakeJwt({ email: 'mallory@example.com', nonce: 'nonce-1' });
    const url = arriveAt(`/auth_redirect?prev=/%0A/evil.com#access_token=at&id_token=${idToken}&state=${forged}`);
    const { router } = renderApp(url, features);
    expect((await screen.findAllByText('Login failed: authentication failure')).length).toBeGreaterThan(0);
    expectNoTokensInAddress();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(readSession()).toBeNull();
    await vi.advanceTimersByTimeAsync(LOGIN_RETRY_DELAY_MS);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(decodeState(new URL(assign.mock.calls[0]?.[0] ?? '').searchParams.get('state'))?.t).toBe('/');
  });

  it('clears the tokens from the address even when reading the answer throws', async () => {
    serve();
    stubNavigation();
    const state = prepare();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage unavailable');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const idToken = fakeJwt({ email: 'olivia@example.com', nonce: 'nonce-1' });
    renderApp(arriveAt(`/auth_redirect#access_token=at&id_token=${idToken}&expires_in=60&state=${state}`), features);
    expect((await screen.findAllByText('Login failed: authentication failure')).length).toBeGreaterThan(0);
    expectNoTokensInAddress();
    expect(readSession()).toBeNull();
  });

  it('reports the error description the issuer sent', async () => {
    serve();
    stubNavigation();
    renderApp('/auth_redirect#error=access_denied&error_description=User%20cancelled', features);
    expect((await screen.findAllByText('Login failed: User cancelled')).length).toBeGreaterThan(0);
  });
});
