import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditLog, ListResult } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { AuditListPage } from './AuditListPage';

const LIST = '/api/v1/admin/audits';

function audit(overrides: Partial<AuditLog> = {}): AuditLog {
  return {
    id: '1',
    type: 'tenant',
    instance_id: '1372813089189341184',
    operator: 'lin.wei@example.com',
    operation: 'suspend',
    operate_at: '2024-06-01T08:30:00.000Z',
    details: {
      before: { status: 'ACTIVE', name: 'Acme' },
      after: { status: 'SUSPENDED', name: 'Acme' },
      reason: 'unpaid',
    },
    ...overrides,
  };
}

function serve() {
  const page: ListResult<AuditLog> = {
    items: [
      audit(),
      audit({ id: '2', type: 'cloud_config_change', instance_id: '55', operation: 'apply' }),
      audit({
        id: '3',
        type: 'operation',
        instance_id: '77',
        operator: 'system',
        operation: 'succeed',
        details: { after: { status: 'succeeded' } },
      }),
      audit({ id: '4', type: 'ctl', instance_id: '10086', operation: 'run', details: { command: 'show config' } }),
    ],
    total: 31,
  };
  return mockFetch({ [`GET ${LIST}`]: { body: page } });
}

const lastQuery = (calls: ReturnType<typeof serve>['calls']) => calls('GET', LIST).at(-1)?.url.searchParams;

describe('/audits', () => {
  it('asks for every audit log, newest first, 10 per page, and links objects that have a page', async () => {
    const { calls } = serve();
    renderWithProviders(<AuditListPage />, { path: '/audits' });
    expect(await screen.findByText('suspend')).toBeInTheDocument();
    expect(calls('GET', LIST)[0]?.url.search).toBe('?page=1&per_page=10&sort=-operate_at');
    expect(screen.getByText('1-10 of 31')).toBeInTheDocument();
    expect(screen.getByText('1372813089189341184', { selector: 'a' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/',
    );
    expect(screen.getByText('55', { selector: 'a' })).toHaveAttribute('href', '/confighistories/55');
    expect(screen.getByText('77', { selector: 'a' })).toHaveAttribute('href', '/operations/77');
    // No page for a ctl audit's object: plain text.
    expect(screen.getByText('10086').closest('a')).toBeNull();
    expect(screen.getAllByText('2024-06-01 08:30:00')).toHaveLength(4);
  });

  it('reads every filter from the URL into the request', async () => {
    const { calls } = serve();
    renderWithProviders(<AuditListPage />, {
      path: '/audits?type=tenant&instance_id=t-1&operator=lin.wei%40example.com&from=2024-06-01&to=2024-06-30&page=2',
    });
    await screen.findByText('suspend');
    expect(calls('GET', LIST)[0]?.url.search).toBe(
      '?page=2&per_page=10&sort=-operate_at&type=tenant&instance_id=t-1&operator=lin.wei%40example.com&from=2024-06-01&to=2024-06-30',
    );
    // The day-range filter shows the URL's range before its picker has loaded.
    expect(screen.getByLabelText('Operate date range (UTC)')).toHaveValue('2024-06-01 → 2024-06-30');
    expect(screen.getByLabelText('Instance ID')).toHaveValue('t-1');
    expect(screen.getByLabelText('Operator email')).toHaveValue('lin.wei@example.com');
    expect(screen.getByLabelText('Audit type')).toHaveValue('tenant');
  });

  it('puts a chosen type into the URL and the request, from page 1', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<AuditListPage />, { path: '/audits?page=3' });
    await screen.findByText('suspend');
    await userEvent.click(screen.getByLabelText('Audit type'));
    await userEvent.click(await screen.findByTitle('cloud_config_change'));
    await waitFor(() => expect(lastQuery(calls)?.get('type')).toBe('cloud_config_change'));
    expect(lastQuery(calls)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?type=cloud_config_change');
  });

  it('puts the instance id and operator into the URL and the request once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve();
    const { router } = renderWithProviders(<AuditListPage />, { path: '/audits' });
    await screen.findByText('suspend');
    fireEvent.change(screen.getByLabelText('Instance ID'), { target: { value: ' 55 ' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(350);
    });
    await waitFor(() => expect(router.state.location.search).toBe('?instance_id=55'));
    fireEvent.change(screen.getByLabelText('Operator email'), { target: { value: 'system' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(350);
    });
    await waitFor(() => expect(router.state.location.search).toBe('?instance_id=55&operator=system'));
    await waitFor(() => expect(lastQuery(calls)?.get('operator')).toBe('system'));
    expect(lastQuery(calls)?.get('instance_id')).toBe('55');
  });

  it('puts a picked date range into the URL and the request as UTC dates', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<AuditListPage />, { path: '/audits' });
    await screen.findByText('suspend');
    // The picker loads when the filter is reached for, and opens focused on its first end.
    await userEvent.click(screen.getByLabelText('Operate date range (UTC)'));
    const from = await screen.findByPlaceholderText('From (UTC)');
    await waitFor(() => expect(from).toHaveFocus());
    await userEvent.type(from, '2024-05-01{Enter}');
    const to = screen.getByPlaceholderText('To (UTC)');
    await userEvent.type(to, '2024-05-31{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2024-05-01&to=2024-05-31'));
    await waitFor(() => expect(lastQuery(calls)?.get('to')).toBe('2024-05-31'));
    expect(lastQuery(calls)?.get('from')).toBe('2024-05-01');
  });

  it('expands a row into pretty JSON with before and after side by side, the changed keys marked', async () => {
    serve();
    renderWithProviders(<AuditListPage />, { path: '/audits' });
    await screen.findByText('suspend');
    const row = screen.getByText('suspend').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /expand row/i }));
    const before = await screen.findByLabelText('Before');
    const after = screen.getByLabelText('After');
    expect(before.querySelector('[data-changed="status"]')).toHaveTextContent('"status": "ACTIVE"');
    expect(after.querySelector('[data-changed="status"]')).toHaveTextContent('"status": "SUSPENDED"');
    // Unchanged keys are shown, not marked.
    expect(after).toHaveTextContent('"name": "Acme"');
    expect(after.querySelector('[data-changed="name"]')).toBeNull();
    expect(screen.getByText('Changed:')).toBeInTheDocument();
    expect(screen.getByLabelText('Other details')).toHaveTextContent('"reason": "unpaid"');
  });
});
