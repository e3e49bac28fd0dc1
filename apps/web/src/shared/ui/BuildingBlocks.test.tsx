import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditLog, ListResult } from '@portal/contract';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { AuditLogTab } from './AuditLogTab';
import { ConfirmButton } from './ConfirmButton';
import { Money, Percent } from './Formatted';
import { OperationSubmitted } from './OperationSubmitted';

describe('ConfirmButton', () => {
  it('asks first and runs the action only on OK', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmButton confirmTitle="Are you sure to change these images?" onConfirm={onConfirm}>
        Modify
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure to change these images?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('spins only in its dialog while the action runs, and again when loading outside the dialog', async () => {
    let finish = () => {};
    function Harness() {
      const [pending, setPending] = useState(false);
      return (
        <>
          <ConfirmButton
            confirmTitle="Submit this ticket?"
            loading={pending}
            onConfirm={() => {
              setPending(true);
              return new Promise<void>((resolve) => {
                finish = () => {
                  setPending(false);
                  resolve();
                };
              });
            }}
          >
            Submit
          </ConfirmButton>
          <button type="button" onClick={() => setPending(true)}>
            elsewhere
          </button>
        </>
      );
    }
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The dialog's OK spins; the button behind it keeps its plain name.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /loading/ })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Submit', hidden: true })).toBeInTheDocument();
    act(() => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveClass('ant-btn-loading');
    // Started elsewhere, with no dialog open: the button shows it.
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Submit/ })).toHaveClass('ant-btn-loading'));
  });
});

describe('AuditLogTab', () => {
  it('lists the audit trail of one object, newest first, with details as JSON', async () => {
    const logs: ListResult<AuditLog> = {
      items: [
        {
          id: 'a1',
          type: 'tenant',
          instance_id: 't-1',
          operator: 'ada@example.com',
          operation: 'suspend',
          operate_at: '2024-05-01T12:30:00.000Z',
          details: { before: { status: 'ACTIVE' }, after: { status: 'SUSPENDED' } },
        },
      ],
      total: 1,
    };
    const { calls } = mockFetch({ 'GET /api/v1/devops/audit': { body: logs } });
    renderWithProviders(<AuditLogTab type="tenant" instanceId="t-1" />);
    expect(await screen.findByText('suspend')).toBeInTheDocument();
    expect(screen.getByText('2024-05-01 12:30:00')).toBeInTheDocument();
    const query = calls('GET', '/api/v1/devops/audit')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      type: 'tenant',
      instance_id: 't-1',
      page: '1',
      per_page: '10',
      sort: '-operate_at',
    });
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText(/"status": "SUSPENDED"/)).toBeInTheDocument();
  });
});

describe('formatted values and operation links', () => {
  it('shows money in dollars from cents, fractions as percent, and links an operation', () => {
    renderWithProviders(
      <>
        <Money cents={123450} />
        <Money cents={null} />
        <Percent value={0.125} />
        <OperationSubmitted operationId="op-42" />
      </>,
    );
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.getByText('12.5%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'op-42' })).toHaveAttribute('href', '/operations/op-42');
  });
});
