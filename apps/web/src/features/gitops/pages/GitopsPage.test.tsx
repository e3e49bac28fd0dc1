import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { cluster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { GitopsDiffAnswer } from '../api';
import { GitopsPage } from './GitopsPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const diff: GitopsDiffAnswer = {
  cluster_id: '10086',
  branch: '3layer-prod',
  items: [
    {
      path: 'pd.schedule.leader-schedule-limit',
      kind: 'pd_config',
      current: '8',
      desired: '4',
      revision: 'abcdef0123456789',
    },
  ],
  total: 1,
  applying: null,
};

function serve() {
  return mockFetch({
    'GET /api/v1/devops/cluster/clusters/10086': { body: cluster() },
    'POST /api/v1/devops/secondaryconfirm/diff': (req) => ({
      body: { ...diff, branch: (req.body as { branch: string }).branch },
    }),
    'POST /api/v1/devops/secondaryconfirm/list': { body: { ...diff, items: [], total: 0 } },
    'POST /api/v1/devops/secondaryconfirm/apply': (req) =>
      (req.body as { confirm?: boolean }).confirm
        ? { body: { instance_id: '321' } }
        : {
            status: 409,
            body: {
              code: 'confirmation.required',
              message: 'Apply 1 items of 3layer-prod to cluster orders-prod?',
              requestId: 'r',
              details: {
                subject: '3layer-prod → cluster orders-prod',
                description: 'Writes the desired values into the cluster.',
                changes: [{ path: 'pd.schedule.leader-schedule-limit', current: '8', desired: '4' }],
                resend_with: { confirm: true },
              },
            },
          },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
  });
}

const render = (query = '') =>
  renderWithProviders(<GitopsPage />, {
    path: `/orgs/t-1/10086/gitops${query}`,
    routePath: '/orgs/:orgId/:clusterId/gitops',
  });
const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;

describe('gitops page', () => {
  it('diffs the default branch 3layer-prod: path, current, desired', async () => {
    const { calls } = serve();
    render();
    expect(await screen.findByText('pd.schedule.leader-schedule-limit')).toBeInTheDocument();
    expect(screen.getByLabelText('Branch')).toHaveValue('3layer-prod');
    expect(calls('POST', '/api/v1/devops/secondaryconfirm/diff')[0]?.body).toEqual({
      cluster_id: '10086',
      branch: '3layer-prod',
    });
    const row = screen.getByText('pd.schedule.leader-schedule-limit').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('8');
    expect(row).toHaveTextContent('4');
  });

  it('says a cluster the branch does not track is not tracked there: an information, not a failure', async () => {
    mockFetch({
      'GET /api/v1/devops/cluster/clusters/10086': { body: cluster() },
      'POST /api/v1/devops/secondaryconfirm/diff': (req) =>
        (req.body as { branch: string }).branch === '3layer-prod'
          ? {
              status: 404,
              body: {
                code: 'gitops.notTracked',
                message: 'Cluster 10086 has no desired state on branch 3layer-prod',
                requestId: 'r',
              },
            }
          : { status: 500, body: { code: 'internal', message: 'The code host did not answer', requestId: 'r' } },
      'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    });
    render();
    expect(await screen.findByText('Not tracked on 3layer-prod')).toBeInTheDocument();
    expect(screen.getByText(/Cluster 10086 has no desired state on branch 3layer-prod/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('applies only after the secondary confirmation the server asks for', async () => {
    const { calls } = serve();
    render('?branch=hotfix');
    await screen.findByText('pd.schedule.leader-schedule-limit');
    await userEvent.click(button('Apply'));
    const confirm = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
        d.textContent?.includes('Apply the desired state'),
      );
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(confirm).toHaveTextContent('pd.schedule.leader-schedule-limit: 8 → 4');
    expect(calls('POST', '/api/v1/devops/secondaryconfirm/apply')).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('321', { selector: 'a' })).toHaveAttribute('href', '/operations/321');
    expect(calls('POST', '/api/v1/devops/secondaryconfirm/apply').map((r) => r.body)).toEqual([
      { cluster_id: '10086', branch: 'hotfix' },
      { cluster_id: '10086', branch: 'hotfix', confirm: true },
    ]);
  });
});
