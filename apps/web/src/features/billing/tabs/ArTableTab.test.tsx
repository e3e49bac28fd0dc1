import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { BILLING_MESSAGES as M } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { arInit, B } from '../testing';
import { ArTableTab } from './ArTableTab';

vi.setConfig({ testTimeout: 60_000 });

const CSV = 'invoice_id,total_amount\n9001,12656.20\nTOTAL,12656.20\n';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function serve(download: Reply = new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv' } })) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${B}/cr_tables/init`]: { body: arInit },
    [`GET ${B}/ar_tables/year/:year/month/:month`]: () => (download instanceof Response ? download.clone() : download),
  });
}

/** Catches what the page saves: the object URL's blob and the link's file name. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  // jsdom has no object URLs: given for this test only (the test files of a worker share one window).
  const had = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (b: Blob) => {
    blob = b;
    return 'blob:ar';
  };
  URL.revokeObjectURL = () => undefined;
  onTestFinished(() => {
    URL.createObjectURL = had.create;
    URL.revokeObjectURL = had.revoke;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blob! });
  });
  return saved;
}

const render = (search = '') =>
  renderWithProviders(<ArTableTab />, { path: `/business?tab=ar_table${search}`, routePath: '/business' });

describe('/business AR Table', () => {
  it('downloads the chosen month (last month by default) as CSV', async () => {
    const saved = catchDownloads();
    const { calls } = serve();
    render();
    expect(
      await within(await screen.findByRole('table', { name: 'AR months' })).findByText('2026-10'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'AR table month' })).getByRole('button', {
        name: 'Download AR table 2026-10',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls('GET', `${B}/ar_tables/year/2026/month/10`)).toHaveLength(1);
    expect(saved[0]!.name).toBe('ar-table-2026-10.csv');
    expect(await saved[0]!.blob.text()).toBe(CSV);
  });

  it('"The month cannot be after last month": this month is refused, Download disabled', async () => {
    const { calls } = serve();
    const now = new Date();
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    render(`&year=${year}&month=${month}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(M.arMonthAfterLast);
    const label = `Download AR table ${now.toISOString().slice(0, 7)}`;
    const group = screen.getByRole('group', { name: 'AR table month' });
    expect(within(group).getByRole('button', { name: label })).toBeDisabled();
    expect(within(group).getByLabelText('Month')).toHaveValue(MONTHS[now.getUTCMonth()]);
    expect(calls('GET', `${B}/ar_tables/year/${year}/month/${month}`)).toHaveLength(0);
  });

  it('a failed download shows as a notification with the message', async () => {
    catchDownloads();
    serve({ status: 500, body: { code: 'billing.arFailed', message: 'The AR table could not be built' } });
    render();
    await within(await screen.findByRole('table', { name: 'AR months' })).findByText('2026-10');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'AR table month' })).getByRole('button', {
        name: 'Download AR table 2026-10',
      }),
    );
    const notice = await screen.findByText('The AR table could not be built');
    expect(notice.closest('.ant-notification-notice')).toHaveTextContent('AR table 2026-10 could not be downloaded');
  });
});
