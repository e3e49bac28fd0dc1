import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListResult, Tenant } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { tenant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { OrgListPage } from './OrgListPage';

const LIST = '/api/v1/admin/orgs';

function serve() {
  const page: ListResult<Tenant> = {
    items: [tenant(), tenant({ id: '2', name: 'Globex', status: 'SUSPENDED' })],
    total: 25,
  };
  return mockFetch({ [`GET ${LIST}`]: { body: page } });
}

describe('/orgs', () => {
  it('lists tenants from the server with the default query', async () => {
    const { calls } = serve();
    renderWithProviders(<OrgListPage />, { path: '/orgs' });
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(calls('GET', LIST)[0]?.url.search).toBe('?page=1&per_page=10&sort=-created_at');
    expect(screen.getByRole('link', { name: '1372813089189341184' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/',
    );
    expect(screen.getByText('1-10 of 25')).toBeInTheDocument();
  });

  it('searches by name or id after typing pauses for 300 ms, from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve();
    const { router } = renderWithProviders(<OrgListPage />, { path: '/orgs?page=3' });
    await screen.findByText('Globex');
    expect(calls('GET', LIST).at(-1)?.url.searchParams.get('page')).toBe('3');

    const box = screen.getByRole('searchbox', { name: 'Search by name or ID' });
    fireEvent.change(box, { target: { value: 'ac' } });
    fireEvent.change(box, { target: { value: 'acme' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(calls('GET', LIST).some((r) => r.url.searchParams.has('search'))).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    await waitFor(() => expect(calls('GET', LIST).at(-1)?.url.searchParams.get('search')).toBe('acme'));
    const searched = calls('GET', LIST).filter((r) => r.url.searchParams.has('search'));
    expect(searched).toHaveLength(1);
    expect(searched[0]?.url.search).toBe('?page=1&per_page=10&sort=-created_at&search=acme');
    expect(router.state.location.search).toBe('?search=acme');
  });

  it('filters by status with repeated keys', async () => {
    const { calls } = serve();
    renderWithProviders(<OrgListPage />, { path: '/orgs?status=ACTIVE&status=CLOSED' });
    await screen.findByText('Globex');
    const query = calls('GET', LIST)[0]?.url.searchParams;
    expect(query?.getAll('status')).toEqual(['ACTIVE', 'CLOSED']);
    // The filter shows the URL's choices before its select has loaded, and as selected options once opened.
    expect(screen.getByLabelText('Tenant status')).toHaveValue('ACTIVE, CLOSED');
    fireEvent.click(screen.getByLabelText('Tenant status'));
    const selected = await waitFor(() => {
      const items = document.querySelectorAll('.ant-select-item-option-selected');
      expect(items.length).toBe(2);
      return [...items].map((item) => item.textContent);
    });
    expect(selected).toEqual(['ACTIVE', 'CLOSED']);
  });
});
