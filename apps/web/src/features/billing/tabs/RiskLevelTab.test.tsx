import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES as M, RISK_LEVEL_REFRESH_MS } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { B, list, riskLevel } from '../testing';
import { RiskLevelTab } from './RiskLevelTab';
// The dialogs load on first use: loaded here, so a busy machine's transform time is not a test's wait.
import '../components/CostQuotaDialog';
import '../components/RiskLevelDialog';

vi.setConfig({ testTimeout: 60_000 });

const LEVELS = `${B}/credit_risk_levels`;

function serve(profile: Profile = operatorProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${LEVELS}`]: {
      body: list([
        riskLevel(),
        riskLevel({
          credit_risk_level_id: '3',
          credit_risk_level_name: 'Low',
          cost_quota: { cost_quota_limit: -1 },
          tenant_count: 0,
        }),
      ]),
    },
    [`POST ${LEVELS}`]: { status: 201, body: riskLevel({ credit_risk_level_id: '9' }) },
    [`PUT ${LEVELS}/:id`]: { body: riskLevel() },
    [`PUT ${LEVELS}/:id/cost_quota`]: { body: riskLevel() },
    [`DELETE ${LEVELS}/:id`]: { body: { credit_risk_level_id: '3' } },
  });
}

const render = () =>
  renderWithProviders(<RiskLevelTab />, { path: '/business?tab=risk_level', routePath: '/business' });

/** Sets a field's text at once (typing key by key costs seconds on a busy machine). */
const setText = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Risk levels' });
  return (await within(table).findByText(name)).closest('tr')!;
};

describe('/business Risk Level', () => {
  it('lists the levels with their quota (-1 is unlimited)', async () => {
    serve();
    render();
    expect(within(await rowOf('Medium')).getByText('$50,000.00')).toBeInTheDocument();
    expect(within(await rowOf('Low')).getByText('Unlimited')).toBeInTheDocument();
  });

  it(`refreshes the list every ${RISK_LEVEL_REFRESH_MS} ms`, async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const { calls } = serve();
    render();
    await rowOf('Medium');
    expect(calls('GET', LEVELS)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(RISK_LEVEL_REFRESH_MS - 5_000));
    expect(calls('GET', LEVELS)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    await waitFor(() => expect(calls('GET', LEVELS)).toHaveLength(2));
  });

  it('create: the name is "required"; a limit that is not unlimited must be greater than 0', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Risk Level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Risk Level' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(M.required)).toBeInTheDocument();
    expect(within(dialog).getByText(M.limitPositive)).toBeInTheDocument();
    setText(within(dialog).getByLabelText('Name'), 'High');
    setText(within(dialog).getByLabelText('Cost Quota Limit'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).queryByText(M.required)).not.toBeInTheDocument());
    expect(await within(dialog).findByText(M.limitPositive)).toBeInTheDocument();
    expect(calls('POST', LEVELS)).toHaveLength(0);

    setText(within(dialog).getByLabelText('Cost Quota Limit'), '1234.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', LEVELS)).toHaveLength(1));
    expect(calls('POST', LEVELS)[0]!.body).toEqual({
      credit_risk_level_name: 'High',
      description: '',
      cost_quota: { cost_quota_limit: 123_450 },
    });
  });

  it('an unlimited quota is sent as -1 (and needs no limit)', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Risk Level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Risk Level' });
    setText(within(dialog).getByLabelText('Name'), 'Trusted');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', LEVELS)).toHaveLength(1));
    expect(calls('POST', LEVELS)[0]!.body).toMatchObject({ cost_quota: { cost_quota_limit: -1 } });
  });

  it('the quota update is admin-only; unlimited goes as -1', async () => {
    const { calls } = serve(adminProfile);
    render();
    await userEvent.click(await within(await rowOf('Medium')).findByRole('button', { name: 'Quota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cost Quota of Medium' });
    expect(within(dialog).getByLabelText('Cost Quota Limit')).toHaveValue('50000');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', `${LEVELS}/2/cost_quota`)).toHaveLength(1));
    expect(calls('PUT', `${LEVELS}/2/cost_quota`)[0]!.body).toEqual({ cost_quota_limit: -1 });
  });

  it('an operator edits and deletes (after asking) but has no Quota button', async () => {
    const { calls } = serve();
    render();
    const row = await rowOf('Low');
    expect(within(row).queryByRole('button', { name: 'Quota' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE', `${LEVELS}/3`)).toHaveLength(1));

    await userEvent.click(within(await rowOf('Medium')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Risk Level Medium' });
    setText(within(dialog).getByLabelText('Name'), '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(M.required)).toBeInTheDocument();
    setText(within(dialog).getByLabelText('Name'), 'Medium-High');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', `${LEVELS}/2`)).toHaveLength(1));
    expect(calls('PUT', `${LEVELS}/2`)[0]!.body).toEqual({
      credit_risk_level_name: 'Medium-High',
      description: 'Monthly spend reviewed',
    });
  });
});
