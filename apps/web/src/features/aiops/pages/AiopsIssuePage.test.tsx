import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AIOPS_ISSUE_STATUSES, AIOPS_MESSAGES } from '@portal/contract';
import type { AiopsIssue, AiopsIssueStatus, Profile } from '@portal/contract';
import { stubCanvas } from '../../../test/canvas';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { evidence, issue, P } from '../testing';
import { AiopsIssuePage } from './AiopsIssuePage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = `${P}/issues/AIOPS-1042`;

function serve(current: () => AiopsIssue, extra: Parameters<typeof mockFetch>[0] = {}, profile = operatorProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile satisfies Profile },
    [`GET ${DETAIL}`]: () => ({ body: { issue: current() } }),
    [`GET ${DETAIL}/evidence`]: { body: evidence() },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<AiopsIssuePage />, { path: '/aiops/issues/AIOPS-1042', routePath: '/aiops/issues/:issueKey' });
const TITLE = 'AIOPS-1042 TiDB CPU saturation';
const header = () => screen.getByRole('heading', { name: TITLE }).closest('.page-header') as HTMLElement;

/** Which action each status enables, written out (not read from the contract) so a wrong state table fails. */
const ENABLED: Record<AiopsIssueStatus, string[]> = {
  open: ['Acknowledge', 'Resolve'],
  acknowledged: ['Resolve'],
  resolved: [],
};

describe('/aiops/issues/:issueKey', () => {
  // Every test serves the evidence, so its chart draws (on a stand-in canvas: jsdom has none).
  beforeEach(() => stubCanvas());

  it.each(AIOPS_ISSUE_STATUSES.map((s) => [s]))('in status %s enables what its state table allows', async (status) => {
    serve(() => issue({ status }));
    render();
    await screen.findByRole('heading', { name: TITLE });
    for (const name of ['Acknowledge', 'Resolve'])
      expect(within(header()).getByRole('button', { name }), name).toHaveProperty(
        'disabled',
        !ENABLED[status].includes(name),
      );
  });

  it('covers every status of the contract', () => {
    expect([...AIOPS_ISSUE_STATUSES].sort()).toEqual(Object.keys(ENABLED).sort());
  });

  it('shows the facts, the evidence chart with its threshold, and links the playground', async () => {
    serve(() => issue());
    render();
    await screen.findByRole('heading', { name: TITLE });
    expect(screen.getByText('mean 0.96 over 10 min, above the threshold 0.9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    const chart = await screen.findByRole('img', { name: /^component_cpu_usage_ratio around AIOPS-1042:/ });
    expect(chart).toHaveAccessibleName(/orders-prod latest 0\.95.*Threshold \(0\.9\) latest 0\.9/);
    expect(screen.getByRole('link', { name: 'Open in Playground' })).toHaveAttribute(
      'href',
      evidence().playground_path,
    );
  });

  it('acknowledges, then resolves after asking', async () => {
    let current = issue();
    const api = serve(() => current, {
      [`POST ${DETAIL}/acknowledge`]: () => {
        current = issue({ status: 'acknowledged', acknowledged_by: 'olivia@example.com' });
        return { body: { issue: current } };
      },
      [`POST ${DETAIL}/resolve`]: () => {
        current = issue({ status: 'resolved', resolved_by: 'olivia@example.com' });
        return { body: { issue: current } };
      },
    });
    render();
    await screen.findByRole('heading', { name: TITLE });
    await userEvent.click(within(header()).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(AIOPS_MESSAGES.acknowledged)).toBeInTheDocument();
    expect(api.calls('POST', `${DETAIL}/acknowledge`)).toHaveLength(1);
    await waitFor(() => expect(within(header()).getByRole('button', { name: 'Acknowledge' })).toBeDisabled());

    await userEvent.click(within(header()).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Resolve AIOPS-1042?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText(AIOPS_MESSAGES.resolved)).toBeInTheDocument();
    expect(api.calls('POST', `${DETAIL}/resolve`)).toHaveLength(1);
    await waitFor(() => expect(within(header()).getByRole('button', { name: 'Resolve' })).toBeDisabled());
  });

  it('shows a refusal in the operation-failure dialog', async () => {
    serve(() => issue(), {
      [`POST ${DETAIL}/acknowledge`]: {
        status: 409,
        body: { code: 'aiops.actionNotAllowed', message: 'Issue AIOPS-1042 is Resolved', requestId: 't' },
      },
    });
    render();
    await screen.findByRole('heading', { name: TITLE });
    await userEvent.click(within(header()).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('aiops.actionNotAllowed');
    expect(dialog).toHaveTextContent('Issue AIOPS-1042 is Resolved');
  });

  it('offers no actions to a reader', async () => {
    serve(() => issue(), {}, viewerProfile);
    render();
    await screen.findByRole('heading', { name: TITLE });
    expect(within(header()).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });
});
