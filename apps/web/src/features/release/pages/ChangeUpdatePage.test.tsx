import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES } from '@portal/contract';
import type { ReleaseChange } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CHANGE_API, CHANGE_ID, pullSummary, RELEASE_ID, releaseChange } from '../testing';
import { ChangeUpdatePage } from './ChangeUpdatePage';

vi.setConfig({ testTimeout: 60_000 });

function serve(change: ReleaseChange, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${CHANGE_API}`]: { body: { change } },
    'GET /api/v1/devops/codehost/labels': {
      body: { items: [{ name: 'release-note', color: '0e8a16', description: '' }], total: 1 },
    },
    'GET /api/v1/devops/codehost/pulls': { body: { items: [pullSummary()], total: 1 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<ChangeUpdatePage />, {
    path: `/release/${RELEASE_ID}/${CHANGE_ID}/update`,
    routePath: '/release/:releaseId/:changeId/update',
  });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
/** The error messages shown under a form field. */
const fieldError = (label: string) =>
  screen.getByLabelText(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('/release/:releaseId/:changeId/update', () => {
  it('checks the fields with the contract rules before sending anything', async () => {
    const { calls } = serve(releaseChange());
    render();
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Bump tidb-operator to v1.6.1');
    await userEvent.clear(title);
    await userEvent.clear(screen.getByLabelText('Component'));
    await userEvent.type(screen.getByLabelText('Repository'), ' not a repo');
    await save();
    await waitFor(() => expect(fieldError('Title')).toBe(RELEASE_MESSAGES.titleRequired));
    expect(fieldError('Component')).toBe(RELEASE_MESSAGES.componentRequired);
    expect(fieldError('Repository')).toBe('a repository looks like owner/name');
    expect(calls('PUT', CHANGE_API)).toHaveLength(0);
  });

  it('refuses canary clusters that are not targets', async () => {
    const { calls } = serve(releaseChange({ target_cluster_ids: ['10086'], canary_cluster_ids: ['10086'] }));
    render();
    await screen.findByLabelText('Title');
    // Drop the only target: the canary is no target any more. The field's Select loads when reached for.
    await userEvent.click(screen.getByLabelText('Target Clusters'));
    const box = await screen.findByRole('combobox', { name: 'Target Clusters' });
    await userEvent.click(within(box.closest('.ant-select') as HTMLElement).getByLabelText('close'));
    await save();
    await waitFor(() => expect(fieldError('Canary Clusters')).toBe(RELEASE_MESSAGES.canaryNotTarget));
    expect(calls('PUT', CHANGE_API)).toHaveLength(0);
  });

  it("puts the server's field messages on their fields and keeps the page", async () => {
    const { calls } = serve(releaseChange(), {
      [`PUT ${CHANGE_API}`]: {
        status: 400,
        body: {
          code: 'request.invalid',
          message: 'body.pull_requests.0: too big',
          requestId: 'r',
          details: [
            { field: 'body.pull_requests.0', message: 'pull request #7 is listed twice' },
            { field: 'body.title', message: 'title is taken' },
          ],
        },
      },
    });
    const { router } = render();
    await screen.findByLabelText('Title');
    await save();
    await waitFor(() => expect(fieldError('Title')).toBe('title is taken'));
    expect(fieldError('Pull Requests')).toBe('pull request #7 is listed twice');
    expect(calls('PUT', CHANGE_API)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/release/${RELEASE_ID}/${CHANGE_ID}/update`);
    // A form failure is shown on the form, not in the operation-failure dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refusal without fields above the form', async () => {
    serve(releaseChange(), {
      [`PUT ${CHANGE_API}`]: {
        status: 400,
        body: { code: 'release.unknownCluster', message: 'A target cluster does not exist', requestId: 'r' },
      },
    });
    render();
    await screen.findByLabelText('Title');
    await save();
    expect(await screen.findByText('A target cluster does not exist')).toBeInTheDocument();
  });

  it('saves every field and goes back to the change page', async () => {
    const { calls } = serve(releaseChange(), {
      [`PUT ${CHANGE_API}`]: ({ body }) => ({ body: { change: { ...releaseChange(), ...(body as object) } } }),
    });
    const { router } = render();
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Bump tidb-operator to v1.6.2');
    await userEvent.click(screen.getByLabelText('Pull Requests'));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Pull Requests' }), '#9,');
    await save();
    await waitFor(() => expect(calls('PUT', CHANGE_API)).toHaveLength(1));
    expect(calls('PUT', CHANGE_API)[0]?.body).toEqual({
      title: 'Bump tidb-operator to v1.6.2',
      description: 'Fixes the PD rolling restart race.',
      component: 'tidb-operator',
      repository: 'acme/platform',
      pull_requests: [7, 9],
      labels: ['release-note'],
      target_cluster_ids: ['10086', '10087'],
      canary_cluster_ids: ['10086'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/release/${RELEASE_ID}/change/${CHANGE_ID}`));
  });

  it('does not offer editing a change past its editable statuses', async () => {
    serve(releaseChange({ status: 'deployed' }));
    render();
    expect(await screen.findByText('A deployed change cannot be edited.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByLabelText('Pull Requests')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
