import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { request } from '../shared/lib/http';
import { mockFetch } from '../test/fetchMock';
import { renderWithProviders } from '../test/render';

function ApproveButton({ quiet = false }: { quiet?: boolean }) {
  const approve = useMutation({
    mutationFn: () => request('POST', '/api/v1/devops/approval/approvals/7/approve'),
    meta: quiet ? { errorModal: false } : undefined,
  });
  return <button onClick={() => approve.mutate()}>Approve</button>;
}

describe('mutation failures (spec §8)', () => {
  it('open a dialog titled with the error code, showing the server message', async () => {
    mockFetch({
      'POST /api/v1/devops/approval/approvals/:id/approve': {
        status: 409,
        body: { code: 'approval.notPending', message: 'The approval is no longer pending', requestId: 'r1' },
      },
    });
    renderWithProviders(<ApproveButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('approval.notPending');
    expect(dialog).toHaveTextContent('The approval is no longer pending');
  });

  it('use legacy errcode / errmsg too', async () => {
    mockFetch({
      'POST /api/v1/devops/approval/approvals/:id/approve': {
        status: 400,
        body: { errcode: 'E1001', errmsg: 'Not your turn' },
      },
    });
    renderWithProviders(<ApproveButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('E1001');
    expect(dialog).toHaveTextContent('Not your turn');
  });

  it('stay silent when the mutation opts out, and do not repeat a 403 toast as a dialog', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/devops/approval/approvals/:id/approve': {
        status: 403,
        body: { code: 'auth.forbidden', message: 'no', requestId: 'r' },
      },
    });
    renderWithProviders(<ApproveButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/^Forbidden:/)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('respect meta.errorModal = false', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/devops/approval/approvals/:id/approve': {
        status: 500,
        body: { code: 'internal', message: 'x', requestId: 'r' },
      },
    });
    renderWithProviders(<ApproveButton quiet />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
