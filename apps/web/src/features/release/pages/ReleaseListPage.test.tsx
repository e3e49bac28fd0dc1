import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { devopsRelease, RELEASES } from '../testing';
import { ReleaseListPage } from './ReleaseListPage';

vi.setConfig({ testTimeout: 60_000 });

function serve(profile = operatorProfile, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${RELEASES}`]: {
      body: {
        items: [
          devopsRelease({ changes: { total: 3, by_status: { draft: 1, verified: 2 } } }),
          devopsRelease({
            id: '13',
            environment: 'prod',
            phase: 'released',
            release_number: '2024.22.1',
            released_at: '2024-06-01T12:00:00.000Z',
          }),
        ],
        total: 2,
      },
    },
    ...extra,
  });
}

const render = (path = '/release') => renderWithProviders(<ReleaseListPage />, { path, routePath: '/release' });

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByLabelText(label));
  const found = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option,
    );
    if (!hit) throw new Error(`no option ${option}`);
    return hit;
  });
  fireEvent.click(found);
}

describe('/release', () => {
  it('lists the releases with the filters of the URL', async () => {
    const { calls } = serve();
    render('/release?environment=prod&environment=staging&phase=released&search=week');
    const table = await screen.findByRole('table', { name: 'Releases' });
    const row = await within(table).findByRole('row', { name: /2024\.23\.1/ });
    expect(within(row).getByRole('link', { name: '2024.23.1' })).toHaveAttribute('href', '/release/12');
    expect(row).toHaveTextContent('staging');
    expect(row).toHaveTextContent('Week 23 platform rollout');
    expect(row).toHaveTextContent('planning');
    expect(row).toHaveTextContent('3');
    // Created: when and by whom, in one cell.
    expect(within(row).getByRole('cell', { name: /2024-06-03 .*olivia@example\.com/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /2024\.22\.1/ })).toHaveTextContent('2024-06-01');
    const query = calls('GET', RELEASES)[0]!.url.searchParams;
    expect(query.getAll('environment')).toEqual(['prod', 'staging']);
    expect(query.getAll('phase')).toEqual(['released']);
    expect(query.get('search')).toBe('week');
    expect(query.get('sort')).toBe('-created_at');
    expect(screen.getByLabelText('Environment')).toHaveValue('prod, staging');
  });

  it('creates a release: environment and description are required, then it opens', async () => {
    const { calls } = serve(operatorProfile, {
      [`POST ${RELEASES}`]: ({ body }) => ({
        status: 201,
        body: { release: devopsRelease({ id: '99', ...(body as object) }) },
      }),
    });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: /New Release/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Release' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(RELEASE_MESSAGES.environmentRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RELEASE_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(calls('POST', RELEASES)).toHaveLength(0);
    await choose(dialog, 'Environment', 'prod');
    expect(await within(dialog).findByText(/deployed only after its approval/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Description'), '  Week 24 rollout ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/release/99'));
    expect(calls('POST', RELEASES)[0]?.body).toEqual({ environment: 'prod', description: 'Week 24 rollout' });
  });

  it('does not offer New Release to a user who may not operate', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Releases' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /New Release/ })).toBeNull());
  });
});
