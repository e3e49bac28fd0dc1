import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_CHANGE_STATUSES, RELEASE_MESSAGES } from '@portal/contract';
import type { DevopsRelease, ReleaseChange, ReleaseChangeStatus } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import {
  CHANGE_API,
  CHANGE_ID,
  devopsRelease,
  pullDetail,
  pullSummary,
  RELEASE_API,
  RELEASE_ID,
  releaseChange,
} from '../testing';
import { ReleaseChangePage } from './ReleaseChangePage';

vi.setConfig({ testTimeout: 60_000 });

function serve(
  change: ReleaseChange | (() => ReleaseChange),
  {
    release = devopsRelease(),
    profile = operatorProfile,
    extra = {},
  }: { release?: DevopsRelease; profile?: typeof operatorProfile; extra?: Parameters<typeof mockFetch>[0] } = {},
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${RELEASE_API}`]: { body: { release } },
    [`GET ${CHANGE_API}`]: () => ({ body: { change: typeof change === 'function' ? change() : change } }),
    [`GET ${CHANGE_API}/pulls`]: { body: { items: [pullSummary()], missing: [42] } },
    'GET /api/v1/devops/codehost/labels': {
      body: { items: [{ name: 'release-note', color: '0e8a16', description: 'Needs a release note' }], total: 1 },
    },
    'GET /api/v1/devops/codehost/pulls/:number': { body: { pull: pullDetail() } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = (tab?: string) =>
  renderWithProviders(<ReleaseChangePage />, {
    path: `/release/${RELEASE_ID}/change/${CHANGE_ID}${tab ? `?tab=${tab}` : ''}`,
    routePath: '/release/:releaseId/change/:changeId',
  });
const header = () => document.querySelector('.page-header') as HTMLElement;
const BUTTONS = ['Edit', 'Submit', 'Check for Ready', 'Deploy', 'Verify', 'Cancel', 'Close'] as const;
type ButtonName = (typeof BUTTONS)[number];
/** Edit is a link while enabled (the update page is found through it), a disabled button otherwise. */
const button = (name: ButtonName) =>
  (name === 'Edit' ? within(header()).queryByRole('link', { name: /Edit$/ }) : null) ??
  within(header()).getByRole('button', { name: new RegExp(`${name}$`) });
const isEnabled = (name: ButtonName) => {
  const el = button(name);
  // antd renders a disabled link button as an <a> without href, marked aria-disabled.
  return el.tagName === 'A'
    ? el.hasAttribute('href') && el.getAttribute('aria-disabled') !== 'true'
    : !el.hasAttribute('disabled');
};

/**
 * Spec §4 "Release changes: submit, cancel, close, deploy, verify, check for ready", as the contract's state table
 * says it, written out here rather than derived from it, so a wrong table or a wrong button fails.
 */
const ENABLED: Record<ReleaseChangeStatus, readonly ButtonName[]> = {
  draft: ['Edit', 'Submit', 'Cancel'],
  submitted: ['Edit', 'Check for Ready', 'Cancel'],
  ready: ['Check for Ready', 'Deploy', 'Cancel'],
  deploying: [],
  deployed: ['Verify'],
  deploy_failed: ['Deploy', 'Close'],
  verified: ['Close'],
  verify_failed: ['Close'],
  cancelled: ['Close'],
  closed: [],
};
const ADD_TICKET: readonly ReleaseChangeStatus[] = RELEASE_CHANGE_STATUSES.filter(
  (s) => s !== 'cancelled' && s !== 'closed',
);

describe('/release/:releaseId/change/:changeId', () => {
  it('covers every status of the contract', () => {
    expect([...RELEASE_CHANGE_STATUSES].sort()).toEqual(Object.keys(ENABLED).sort());
  });

  it.each(RELEASE_CHANGE_STATUSES.map((s) => [s]))('enables the actions of a %s change', async (status) => {
    serve(releaseChange({ status }));
    render();
    await screen.findAllByText(status);
    // The release has loaded (deploy depends on it).
    await screen.findByRole('link', { name: 'staging 2024.23.1' });
    for (const name of BUTTONS) expect([name, isEnabled(name)]).toEqual([name, ENABLED[status].includes(name)]);
  });

  it.each(RELEASE_CHANGE_STATUSES.map((s) => [s]))('offers Add Ticket on a %s change as the table says', async (s) => {
    serve(releaseChange({ status: s }));
    render('tickets');
    const add = await screen.findByRole('button', { name: /Add Ticket$/ });
    expect(add).toHaveProperty('disabled', !ADD_TICKET.includes(s));
  });

  it('holds a ready change of a prod release until the release is approved', async () => {
    serve(releaseChange({ status: 'ready' }), {
      release: devopsRelease({
        environment: 'prod',
        phase: 'approving',
        approval_id: '51',
        approval_status: 'PENDING',
      }),
    });
    render();
    const gate = await screen.findByRole('alert', { name: 'Approval required' });
    expect(gate).toHaveTextContent('waiting for its approval');
    expect(button('Deploy')).toBeDisabled();
    expect(button('Check for Ready')).toBeEnabled();
  });

  it('holds a prod change whose release never asked for approval, and says how to ask', async () => {
    serve(releaseChange({ status: 'deploy_failed' }), {
      release: devopsRelease({ environment: 'prod', phase: 'planning' }),
    });
    render();
    expect(await screen.findByRole('alert', { name: 'Approval required' })).toHaveTextContent(
      'request it on the release page',
    );
    expect(button('Deploy')).toBeDisabled();
  });

  it('deploys a ready change of an approved prod release after a confirmation, then shows the operation', async () => {
    let current = releaseChange({ status: 'ready' });
    const { calls } = serve(() => current, {
      release: devopsRelease({
        environment: 'prod',
        phase: 'approved',
        approval_id: '51',
        approval_status: 'APPROVED',
      }),
      extra: {
        [`POST ${CHANGE_API}/deploy`]: () => {
          current = releaseChange({ status: 'deploying', deploy_operation_id: '77' });
          return { body: { change: current, instance_id: '77' } };
        },
        'GET /api/v1/devops/operations/:id': { status: 404, body: { code: 'operation.notFound', message: 'gone' } },
      },
    });
    render();
    await waitFor(() => expect(button('Deploy')).toBeEnabled());
    expect(screen.queryByRole('alert', { name: 'Approval required' })).toBeNull();
    await userEvent.click(button('Deploy'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('It rolls out to 2 cluster(s), the 1 canary first.');
    expect(calls('POST', `${CHANGE_API}/deploy`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText(RELEASE_MESSAGES.deployStarted)).toBeInTheDocument();
    expect(calls('POST', `${CHANGE_API}/deploy`)).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: '77' })[0]).toHaveAttribute('href', '/operations/77');
    expect(button('Deploy')).toBeDisabled();

    // While deploying it is re-read every second, until the operation ends.
    const before = calls('GET', CHANGE_API).length;
    current = releaseChange({ status: 'deployed', deploy_operation_id: '77', deployed_at: '2024-06-03T11:00:00Z' });
    await waitFor(() => expect(screen.getAllByText('deployed').length).toBeGreaterThan(0), { timeout: 4000 });
    expect(calls('GET', CHANGE_API).length).toBeGreaterThan(before);
    expect(button('Verify')).toBeEnabled();
  });

  it('verifies: a failure needs notes, then the result is posted and shown', async () => {
    let current = releaseChange({ status: 'deployed', deploy_operation_id: '77' });
    const { calls } = serve(() => current, {
      extra: {
        [`POST ${CHANGE_API}/verify`]: () => {
          current = releaseChange({
            status: 'verify_failed',
            verification: {
              result: 'failed',
              notes: 'p99 latency doubled',
              verified_at: '2024-06-03T12:00:00.000Z',
              verified_by: 'olivia@example.com',
            },
          });
          return { body: { change: current } };
        },
      },
    });
    render();
    await waitFor(() => expect(button('Verify')).toBeEnabled());
    await userEvent.click(button('Verify'));
    const dialog = await screen.findByRole('dialog', { name: /Verify/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(RELEASE_MESSAGES.resultRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('failed'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(RELEASE_MESSAGES.notesRequired)).toBeInTheDocument();
    expect(calls('POST', `${CHANGE_API}/verify`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'p99 latency doubled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(RELEASE_MESSAGES.verified)).toBeInTheDocument();
    expect(calls('POST', `${CHANGE_API}/verify`)[0]?.body).toEqual({ result: 'failed', notes: 'p99 latency doubled' });
    expect(await screen.findByRole('alert', { name: 'Verification' })).toHaveTextContent('p99 latency doubled');
    expect(button('Close')).toBeEnabled();
  });

  it('checks for ready and shows why not', async () => {
    let current = releaseChange({ status: 'submitted' });
    const { calls } = serve(() => current, {
      extra: {
        [`POST ${CHANGE_API}/check_ready`]: () => {
          current = releaseChange({
            status: 'submitted',
            ready_check: {
              ready: false,
              reasons: ['ticket OPS-1201 is open', 'pull request #42 does not exist in acme/platform'],
              checked_at: '2024-06-03T10:00:00.000Z',
              checked_by: 'olivia@example.com',
            },
          });
          return { body: { change: current } };
        },
      },
    });
    render();
    await waitFor(() => expect(button('Check for Ready')).toBeEnabled());
    await userEvent.click(button('Check for Ready'));
    expect(await screen.findByText(RELEASE_MESSAGES.notReady)).toBeInTheDocument();
    expect(calls('POST', `${CHANGE_API}/check_ready`)).toHaveLength(1);
    const result = screen.getByRole('alert', { name: 'Ready check' });
    expect(result).toHaveTextContent('Not ready');
    expect(result).toHaveTextContent('ticket OPS-1201 is open');
    expect(result).toHaveTextContent('pull request #42 does not exist in acme/platform');
  });

  it('closes a change after a confirmation, which closes as soon as it is done', async () => {
    let current = releaseChange({ status: 'verified' });
    const { calls } = serve(() => current, {
      extra: {
        [`POST ${CHANGE_API}/close`]: () => {
          current = releaseChange({ status: 'closed' });
          return { body: { change: current } };
        },
      },
    });
    render();
    // The toasts already loaded, as after any earlier toast in the app.
    feedback().message.info('earlier');
    await screen.findByText('earlier');
    await waitFor(() => expect(button('Close')).toBeEnabled());
    await userEvent.click(button('Close'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the change' }));
    expect(await screen.findByText(RELEASE_MESSAGES.closed)).toBeInTheDocument();
    expect(calls('POST', `${CHANGE_API}/close`)).toHaveLength(1);
    // The confirmation goes while the message still shows (it once waited for the message's 3 s to end).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 1500 });
    expect(screen.getByText(RELEASE_MESSAGES.closed)).toBeInTheDocument();
    for (const name of BUTTONS) expect(isEnabled(name)).toBe(false);
  });

  it('shows a refused action in the operation-failure dialog', async () => {
    serve(releaseChange({ status: 'draft' }), {
      extra: {
        [`POST ${CHANGE_API}/submit`]: {
          status: 409,
          body: { code: 'release.actionNotAllowed', message: 'not in this status', requestId: 'r' },
        },
      },
    });
    render();
    await waitFor(() => expect(button('Submit')).toBeEnabled());
    await userEvent.click(button('Submit'));
    await waitFor(() =>
      expect(screen.getAllByRole('dialog').some((d) => d.textContent?.includes('release.actionNotAllowed'))).toBe(true),
    );
    expect(screen.queryByText(RELEASE_MESSAGES.submitted)).not.toBeInTheDocument();
  });

  it('shows the pull requests from the code host, their labels and a coloured diff', async () => {
    serve(releaseChange());
    render();
    const table = await screen.findByRole('table', { name: 'Pull requests' });
    const row = await within(table).findByRole('row', { name: /operator: serialize PD restarts/ });
    expect(row).toHaveTextContent('merged');
    expect(row).toHaveTextContent('release-note');
    expect(row).toHaveTextContent('fix/pd-restart → main');
    expect(screen.getByText('The code host has no pull request #42')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const diff = await screen.findByLabelText('Diff of pull request #7');
    // The diff renders in a transition after its box shows.
    expect(await within(diff).findByText('+const parallel = false')).toHaveClass('diff-add');
    expect(within(diff).getByText('-const parallel = true')).toHaveClass('diff-del');
    expect(within(diff).getByText('@@ -1,3 +1,3 @@')).toHaveClass('diff-hunk');
    expect(within(diff).getByText('package pd', { exact: false })).not.toHaveClass('diff-add');
    expect(screen.getByRole('table', { name: 'Files of pull request #7' })).toHaveTextContent('pkg/pd/restart.go');
  });

  it('links Edit to the update page and the tickets to their pages', async () => {
    serve(releaseChange({ status: 'draft' }));
    render('tickets');
    await waitFor(() => expect(button('Edit')).toHaveAttribute('href', `/release/${RELEASE_ID}/${CHANGE_ID}/update`));
    expect(await screen.findByRole('link', { name: 'OPS-1201' })).toHaveAttribute(
      'href',
      `/release/${RELEASE_ID}/tickets/OPS-1201`,
    );
    // The audit tab is the release's trail, and says so.
    expect(screen.getByRole('tab', { name: 'Release Audit Logs' })).toBeInTheDocument();
  });

  it('offers no action to a user who may not operate', async () => {
    serve(releaseChange({ status: 'draft' }), { profile: viewerProfile });
    render();
    await screen.findAllByText('draft');
    await screen.findByRole('link', { name: 'staging 2024.23.1' });
    for (const name of ['Submit', 'Deploy', 'Cancel', 'Close'])
      await waitFor(() => expect(within(header()).queryByRole('button', { name: new RegExp(`${name}$`) })).toBeNull());
  });
});
