import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Approval, ApprovalStatus, Profile } from '@portal/contract';
import { mockFetch } from '../../test/fetchMock';
import type { Reply } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ApprovalView } from './ApprovalView';

vi.setConfig({ testTimeout: 30_000 });

const DETAIL = '/api/v1/devops/approval/approvals/41';
const APPROVE = `${DETAIL}/approve`;
const REJECT = `${DETAIL}/reject`;

const profile = (email: string): Profile => ({
  email,
  name: email,
  roles: ['operator'],
  privileges: ['approvals.read', 'approvals.write'],
});

/** Two steps: DBA review (dba@, lead@) then SRE sign-off (sre@). */
function approval(overrides: Partial<Approval> = {}, first: ApprovalStatus = 'PENDING'): Approval {
  return {
    id: '41',
    name: 'Configuration change 9 of cluster 10086',
    status: 'PENDING',
    applicant: 'olivia@example.com',
    start_at: '2024-06-01T08:00:00.000Z',
    end_at: null,
    from_template: 'cluster_config_change',
    subject_type: 'cloud_config_change',
    subject_id: '9',
    nodes: [
      {
        name: 'DBA review',
        status: first,
        tasks: [
          {
            user_email: 'dba@example.com',
            status: first,
            start_at: '2024-06-01T08:00:00.000Z',
            end_at: null,
            comment: null,
          },
          {
            user_email: 'lead@example.com',
            status: first,
            start_at: '2024-06-01T08:00:00.000Z',
            end_at: null,
            comment: null,
          },
        ],
      },
      {
        name: 'SRE sign-off',
        status: 'PENDING',
        tasks: [{ user_email: 'sre@example.com', status: 'PENDING', start_at: null, end_at: null, comment: null }],
      },
    ],
    ...overrides,
  };
}

function serve(
  me: string,
  current: Approval,
  decision: Reply = { body: { approval: { ...current, status: 'APPROVED' } } },
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile(me) },
    [`GET ${DETAIL}`]: { body: { approval: current } },
    [`POST ${APPROVE}`]: decision,
    [`POST ${REJECT}`]: decision,
  });
}

const button = (name: 'Approve' | 'Reject') => screen.getByRole('button', { name: new RegExp(`${name}$`) });

async function rendered(me: string, current: Approval, onDecided = vi.fn()) {
  const mock = serve(me, current);
  renderWithProviders(<ApprovalView approvalId="41" onDecided={onDecided} />);
  await screen.findByText('DBA review');
  // The profile arrives separately; wait until the buttons reflect it.
  await waitFor(() => expect(mock.calls('GET', '/api/v1/devops/me')).toHaveLength(1));
  return { ...mock, onDecided };
}

describe('ApprovalView', () => {
  it('shows the facts and a timeline of nodes with their tasks', async () => {
    await rendered('someone@example.com', approval());
    expect(screen.getByText('Configuration change 9 of cluster 10086')).toBeInTheDocument();
    expect(screen.getByText('cluster_config_change')).toBeInTheDocument();
    const dba = screen.getByLabelText('Approval node DBA review');
    expect(within(dba).getByText('dba@example.com')).toBeInTheDocument();
    expect(within(dba).getByText('lead@example.com')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Approval node SRE sign-off')).getByText('sre@example.com'),
    ).toBeInTheDocument();
    expect(within(dba).getAllByText('2024-06-01 08:00:00')).toHaveLength(2);
  });

  it('enables Approve and Reject for an approver of the first PENDING node', async () => {
    await rendered('lead@example.com', approval());
    await waitFor(() => expect(button('Approve')).toBeEnabled());
    expect(button('Reject')).toBeEnabled();
  });

  it('matches the approver email case-insensitively', async () => {
    await rendered('DBA@Example.com', approval());
    await waitFor(() => expect(button('Approve')).toBeEnabled());
  });

  it('disables them for an approver of a later node only', async () => {
    await rendered('sre@example.com', approval());
    await new Promise((r) => setTimeout(r, 50));
    expect(button('Approve')).toBeDisabled();
    expect(button('Reject')).toBeDisabled();
  });

  it('disables them for the applicant, even when listed as an approver of the current node, and says why', async () => {
    await rendered('lead@example.com', approval({ applicant: 'Lead@Example.com' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(button('Approve')).toBeDisabled();
    expect(button('Reject')).toBeDisabled();
    await userEvent.hover(button('Approve').parentElement as HTMLElement);
    expect(await screen.findByText('You applied for this change: another approver must decide it')).toBeInTheDocument();
  });

  it('disables them for an approver whose roles only read', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': {
        body: { ...profile('dba@example.com'), roles: ['viewer'], privileges: ['approvals.read'] },
      },
      [`GET ${DETAIL}`]: { body: { approval: approval() } },
    });
    renderWithProviders(<ApprovalView approvalId="41" />);
    await screen.findByText('DBA review');
    await waitFor(() => expect(calls('GET', '/api/v1/devops/me')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(button('Approve')).toBeDisabled();
    expect(button('Reject')).toBeDisabled();
    await userEvent.hover(button('Reject').parentElement as HTMLElement);
    expect(await screen.findByText('Your roles do not allow deciding approvals')).toBeInTheDocument();
  });

  it('enables them for the next node once the first is approved', async () => {
    await rendered('sre@example.com', approval({}, 'APPROVED'));
    await waitFor(() => expect(button('Approve')).toBeEnabled());
  });

  it.each(['APPROVED', 'REJECTED', 'CANCELED'] as const)(
    'disables them when the approval is %s, even for an approver',
    async (status) => {
      await rendered('dba@example.com', approval({ status }));
      await new Promise((r) => setTimeout(r, 50));
      expect(button('Approve')).toBeDisabled();
      expect(button('Reject')).toBeDisabled();
    },
  );

  it('asks for a confirmation before approving, then says "Successfully Approve"', async () => {
    const { calls, onDecided } = await rendered('dba@example.com', approval());
    await waitFor(() => expect(button('Approve')).toBeEnabled());

    await userEvent.click(button('Approve'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure to approve?');
    expect(calls('POST', APPROVE)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', APPROVE)).toHaveLength(0);

    await userEvent.click(button('Approve'));
    dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'looks fine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Successfully Approve')).toBeInTheDocument();
    expect(calls('POST', APPROVE)).toHaveLength(1);
    expect(calls('POST', APPROVE)[0]?.body).toEqual({ comment: 'looks fine' });
    expect(onDecided).toHaveBeenCalledTimes(1);
    expect(calls('POST', REJECT)).toHaveLength(0);
  });

  it('rejects after a confirmation with "Successfully Reject"', async () => {
    const { calls } = await rendered('dba@example.com', approval());
    await waitFor(() => expect(button('Reject')).toBeEnabled());
    await userEvent.click(button('Reject'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure to reject?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Successfully Reject')).toBeInTheDocument();
    expect(calls('POST', REJECT)).toHaveLength(1);
  });

  it('shows a failed decision in the operation-failure dialog titled with the error code', async () => {
    serve('dba@example.com', approval(), {
      status: 409,
      body: { code: 'approval.alreadyDecided', message: 'This approval step has already been decided', requestId: 'r' },
    });
    const onDecided = vi.fn();
    renderWithProviders(<ApprovalView approvalId="41" onDecided={onDecided} />);
    await waitFor(() => expect(button('Approve')).toBeEnabled());
    await userEvent.click(button('Approve'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    const failure = await waitFor(() => {
      const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('approval.alreadyDecided'));
      expect(dialog).toBeDefined();
      return dialog as HTMLElement;
    });
    expect(failure).toHaveTextContent('This approval step has already been decided');
    expect(screen.queryByText('Successfully Approve')).not.toBeInTheDocument();
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('says when there is no approval yet', () => {
    mockFetch({ 'GET /api/v1/devops/me': { body: profile('dba@example.com') } });
    renderWithProviders(<ApprovalView approvalId={null} />);
    expect(screen.getByText('No approval yet')).toBeInTheDocument();
  });
});
