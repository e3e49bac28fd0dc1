import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES as M, utcToday } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { B, fxRate, list } from '../testing';
import { ExchangeRateTab } from './ExchangeRateTab';
// The form loads with the tab: loaded here, so a busy machine's transform time is not a test's wait.
import '../components/FxRateForm';

vi.setConfig({ testTimeout: 60_000 });

const FX = `${B}/fx_rates`;

function serve(profile: Profile = operatorProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${FX}`]: { body: list([fxRate(), fxRate({ value: 1.3398, date: '2026-10-01' })]) },
    [`POST ${FX}`]: (req) => ({ status: 201, body: fxRate(req.body as object) }),
  });
}

const render = () =>
  renderWithProviders(<ExchangeRateTab />, { path: '/business?tab=exchange_rate', routePath: '/business' });

/** Opens the form (Set Rate). */
const openForm = async () => userEvent.click(await screen.findByRole('button', { name: 'Set Rate' }));

/** Sets the rate's text at once (typing key by key costs seconds on a busy machine). */
async function rate(text: string) {
  fireEvent.change(await screen.findByLabelText('Exchange rate'), { target: { value: text } });
}

describe('/business Exchange Rate', () => {
  it('shows the rate in force (4 decimals) and the history', async () => {
    serve();
    render();
    const current = await screen.findByLabelText('Current rate');
    await waitFor(() => expect(current).toHaveTextContent('1.3456'));
    expect(screen.getByText('1 USD in SGD, since 2026-11-01')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Exchange rate history' });
    expect(await within(history).findByText('1.3398')).toBeInTheDocument();
  });

  it('Save is disabled while the rate is 0 (or empty)', async () => {
    serve();
    render();
    await openForm();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await rate('0');
    await waitFor(() => expect(save).toBeDisabled());
    await rate('1.35');
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('the rate is at least 0.0001 with at most 4 decimals; then it is saved for today (UTC)', async () => {
    const { calls } = serve();
    render();
    await openForm();
    const save = await screen.findByRole('button', { name: 'Save' });
    await rate('0.00005');
    await userEvent.click(save);
    expect(await screen.findByText(M.fxRateMin)).toBeInTheDocument();
    await rate('1.23456');
    await userEvent.click(save);
    expect(await screen.findByText(M.fxRateDecimals)).toBeInTheDocument();
    expect(calls('POST', FX)).toHaveLength(0);
    await rate('1.3501');
    await userEvent.click(save);
    await waitFor(() => expect(calls('POST', FX)).toHaveLength(1));
    expect(calls('POST', FX)[0]!.body).toEqual({ base: 'USD', target: 'SGD', value: 1.3501, date: utcToday() });
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
  });

  it('the date cannot be in the future', async () => {
    const { calls } = serve();
    render();
    await openForm();
    const date = await screen.findByLabelText('Rate date');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: tomorrow } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(date);
    await rate('1.35');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Either the picker refused the day (today stays) or the rule did.
    await waitFor(() => expect(calls('POST', FX).length + screen.queryAllByText(M.fxDateFuture).length).toBe(1));
    for (const call of calls('POST', FX)) expect((call.body as { date: string }).date).toBe(utcToday());
  });

  it('a viewer sees the rate but no form', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Exchange rate history' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Set Rate' })).not.toBeInTheDocument());
  });
});
