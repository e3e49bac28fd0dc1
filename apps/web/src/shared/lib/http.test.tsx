import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { USER_MANUAL_URL } from '@portal/contract';
import type { ErrorBody } from '@portal/contract';
import { json, mockFetch } from '../../test/fetchMock';
import { ApiError, errorMessage } from './ApiError';
import { API_BASE_URL_KEY, request } from './http';
import { configureSessionHooks } from './session-hooks';

function withToken(token = 'id-token-123', email = 'olivia@example.com') {
  const switchAccount = vi.fn();
  configureSessionHooks({ getIdToken: () => token, getEmail: () => email, switchAccount });
  return { switchAccount };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

// These notices come from antd's static notification (no App mounted here).
afterEach(async () => {
  vi.useRealTimers();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 0));
});
// The notification root unmounts through React's scheduler (setImmediate); let it finish before jsdom is torn down.
afterAll(async () => {
  notification.destroy();
  await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setImmediate(r));
});

describe('http client', () => {
  it('sends the id token as bearer on every method but OPTIONS', async () => {
    withToken();
    const { requests } = mockFetch({
      'GET /api/x': { body: {} },
      'POST /api/x': { body: {} },
      'OPTIONS /api/x': { body: {} },
    });
    await request('GET', '/api/x');
    await request('POST', '/api/x', { body: { a: 1 } });
    await request('OPTIONS', '/api/x');
    expect(requests.map((r) => [r.method, r.headers.get('Authorization')])).toEqual([
      ['GET', 'Bearer id-token-123'],
      ['POST', 'Bearer id-token-123'],
      ['OPTIONS', null],
    ]);
    expect(requests[1]?.body).toEqual({ a: 1 });
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('serialises arrays as repeated keys and skips null and undefined', async () => {
    const { requests } = mockFetch({ 'GET /api/list': { body: { items: [], total: 0 } } });
    await request('GET', '/api/list', {
      params: { status: ['ACTIVE', 'SUSPENDED'], search: null, tag: undefined, page: 2, flag: false },
    });
    expect(requests[0]?.url.search).toBe('?status=ACTIVE&status=SUSPENDED&page=2&flag=false');
  });

  it('uses the stored base URL override when there is one', async () => {
    window.localStorage.setItem(API_BASE_URL_KEY, 'https://api.example.test/');
    const { requests } = mockFetch({ 'GET /api/x': { body: {} } });
    await request('GET', '/api/x');
    expect(requests[0]?.url.href).toBe('https://api.example.test/api/x');
  });

  it('gives up after the timeout with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = failure(request('GET', '/api/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe('timeout');
    expect(error.status).toBe(0);
    expect(error.message).toBe('Request timed out after 30000 ms');
  });

  it('reads the error body into ApiError: response message first, then error, then its own message', async () => {
    const body: ErrorBody = {
      code: 'tenant.notFound',
      message: 'Tenant not found',
      requestId: 'req-1',
      details: { id: '9' },
    };
    mockFetch({
      'GET /api/a': { status: 404, body: { ...body, error: 'ignored' } },
      'GET /api/b': { status: 500, body: { errcode: 42, errmsg: 'legacy message' } },
      'GET /api/c': { status: 502, body: { error: 'Bad gateway upstream' } },
      'GET /api/d': new Response('<html>oops</html>', { status: 500 }),
    });
    const a = await failure(request('GET', '/api/a'));
    expect([a.status, a.code, a.message, a.requestId, a.details]).toEqual([
      404,
      'tenant.notFound',
      'Tenant not found',
      'req-1',
      { id: '9' },
    ]);
    const b = await failure(request('GET', '/api/b'));
    expect([b.code, b.message]).toEqual(['42', 'legacy message']);
    const c = await failure(request('GET', '/api/c'));
    expect(c.message).toBe('Bad gateway upstream');
    const d = await failure(request('GET', '/api/d'));
    expect([d.code, d.message, d.serverMessage]).toEqual([
      'http.500',
      'Request failed with status code 500',
      undefined,
    ]);
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });

  it('401: tells the user the account does not exist, once for a burst, with a switch link', async () => {
    const { switchAccount } = withToken();
    mockFetch({ 'GET /api/me': () => json(401, { code: 'auth.unauthenticated', message: 'x', requestId: 'r' }) });
    await Promise.all([1, 2, 3].map(() => failure(request('GET', '/api/me'))));
    const notices = await screen.findAllByText(/does not exist in the portal/);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent('Your current account olivia@example.com does not exist in the portal.');
    await userEvent.click(screen.getByText('Switch Account'));
    expect(switchAccount).toHaveBeenCalledTimes(1);
  });

  it('403: shows the permission message with the method and URL and a Switch Account button', async () => {
    const { switchAccount } = withToken('t', 'olivia@example.com');
    mockFetch({
      'DELETE /api/v1/admin/providers/aws': {
        status: 403,
        body: { code: 'auth.forbidden', message: 'no', requestId: 'r' },
      },
    });
    const error = await failure(request('DELETE', '/api/v1/admin/providers/aws', { params: { force: true } }));
    expect(error.notified).toBe(true);
    const notice = (await screen.findByText(/^Forbidden:/)).closest('.ant-notification-notice') as HTMLElement;
    expect(notice).toHaveTextContent(
      "Forbidden: Your current account olivia@example.com doesn't have the permission to access this resource, please contact the administrator",
    );
    expect(notice).toHaveTextContent('DELETE /api/v1/admin/providers/aws?force=true');
    await userEvent.click(within(notice).getByRole('button', { name: 'Switch Account' }));
    expect(switchAccount).toHaveBeenCalledTimes(1);
  });

  it('showError: shows the server message, or the network message with a user manual link', async () => {
    mockFetch({
      'GET /api/fail': { status: 409, body: { code: 'conflict', message: 'Changed by someone else', requestId: 'r' } },
    });
    await failure(request('GET', '/api/fail', { showError: true }));
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await failure(request('GET', '/api/offline', { showError: true }));
    expect(offline.message).toBe('Failed to fetch');
    expect(await screen.findByText(/Seems that your network is not configured correctly/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Manual' })).toHaveAttribute('href', USER_MANUAL_URL);
  });

  it('silent: a background read shows no notice, not even for a 401 or a 403', async () => {
    withToken();
    mockFetch({
      'GET /api/banner': { status: 403, body: { code: 'auth.forbidden', message: 'no', requestId: 'r' } },
      'GET /api/gone': { status: 401, body: { code: 'auth.unauthenticated', message: 'x', requestId: 'r' } },
      'GET /api/fail': { status: 409, body: { code: 'conflict', message: 'Changed by someone else', requestId: 'r' } },
    });
    const forbidden = await failure(request('GET', '/api/banner', { silent: true }));
    expect([forbidden.status, forbidden.notified]).toEqual([403, false]);
    expect((await failure(request('GET', '/api/gone', { silent: true }))).notified).toBe(false);
    expect((await failure(request('GET', '/api/fail', { silent: true, showError: true }))).notified).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/^Forbidden:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/does not exist in the portal/)).not.toBeInTheDocument();
    expect(screen.queryByText('Changed by someone else')).not.toBeInTheDocument();
  });

  it('does not show anything for other failures unless asked to', async () => {
    mockFetch({
      'GET /api/quiet': { status: 500, body: { code: 'internal', message: 'Internal server error', requestId: 'r' } },
    });
    const error = await failure(request('GET', '/api/quiet'));
    expect(error.notified).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });
});
