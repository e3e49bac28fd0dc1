import { useState } from 'react';
import { Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { arMonthAllowed, BILLING_MESSAGES, lastMonth, monthKey } from '@portal/contract';
import type { ArTableInit } from '@portal/contract';
import { errorMessage, isApiError } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Money } from '../../../shared/ui/Formatted';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text, Title } from '../../../shared/ui/Typography';
import { fetchArTable, saveFile, useArTableInit } from '../api/ar';

type MonthRow = ArTableInit['months'][number];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Downloads the AR table of a month; §8: a failure shows as a notification with the message. */
export async function downloadArTable(year: number, month: number): Promise<void> {
  try {
    const { filename, csv } = await fetchArTable(year, month);
    saveFile(filename, csv);
  } catch (error) {
    if (isApiError(error) && error.notified) return;
    feedback().notification.error({
      title: `AR table ${monthKey(year, month)} could not be downloaded`,
      description: errorMessage(error),
    });
  }
}

function DownloadButton({
  year,
  month,
  disabled,
  size,
}: {
  year: number;
  month: number;
  disabled?: boolean;
  size?: 'small' | 'middle';
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type={size === 'small' ? 'link' : 'primary'}
      size={size}
      icon={<DownloadOutlined />}
      disabled={disabled}
      loading={busy}
      aria-label={`Download AR table ${monthKey(year, month)}`}
      onClick={() => {
        setBusy(true);
        void downloadArTable(year, month).finally(() => setBusy(false));
      }}
    >
      {size === 'small' ? 'CSV' : 'Download CSV'}
    </Button>
  );
}

/**
 * AR Table (§2; §5: the month cannot be after last month): the accounts-receivable table of a year and month — the
 * month's confirmed invoices, one row each and a TOTAL row — downloaded as CSV; and the months that have some.
 */
export function ArTableTab() {
  const init = useArTableInit();
  const last = lastMonth();
  const [search, updateSearch] = useSearchUpdate();
  // The month chosen is in the URL (`year`, `month`); last month (the server's default) when absent.
  const year = Number(search.get('year')) || init.data?.default_year || last.year;
  const month = Number(search.get('month')) || init.data?.default_month || last.month;
  const choose = (next: { year?: string; month?: string }) =>
    updateSearch((sp) => {
      for (const [key, value] of Object.entries(next)) {
        if (value) sp.set(key, value);
        else sp.delete(key);
      }
    }, true);
  const allowed = arMonthAllowed(year, month);
  const years = Array.from({ length: 6 }, (_, i) => String(last.year + (last.month === 12 ? 1 : 0) - i));
  if (!years.includes(String(year))) years.push(String(year));

  const columns: DataColumns<MonthRow> = [
    { title: 'Month', key: 'month', render: (_: unknown, row) => monthKey(row.year, row.month) },
    { title: 'Confirmed Invoices', dataIndex: 'invoices', key: 'invoices', align: 'right' },
    {
      title: 'Total',
      dataIndex: 'total_amount',
      key: 'total_amount',
      align: 'right',
      render: (cents: number) => <Money cents={cents} />,
    },
    {
      title: 'AR Table',
      key: 'download',
      render: (_: unknown, row) => <DownloadButton year={row.year} month={row.month} size="small" />,
    },
  ];

  return (
    <>
      <div role="group" aria-label="AR table month" className="toolbar" style={{ marginBottom: 4 }}>
        <SelectFilter
          label="Year"
          width={110}
          allowClear={false}
          value={String(year)}
          options={years.map((y) => ({ value: y, label: y }))}
          onChange={(y) => choose({ year: y })}
        />
        <SelectFilter
          label="Month"
          width={110}
          allowClear={false}
          value={String(month)}
          options={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
          onChange={(m) => choose({ month: m })}
        />
        <DownloadButton year={year} month={month} disabled={!allowed} />
      </div>
      {allowed ? null : (
        <div role="alert" style={{ marginBottom: 8 }}>
          <Text type="danger">{BILLING_MESSAGES.arMonthAfterLast}</Text>
        </div>
      )}
      <Text type="secondary">
        The month&apos;s confirmed invoices, one row each with a TOTAL row; amounts in USD. Last month (
        {monthKey(last.year, last.month)}) is the latest that can be downloaded.
      </Text>
      <Flex vertical style={{ marginTop: 16 }}>
        <Title level={5}>Months with Confirmed Invoices</Title>
        <DataTable<MonthRow>
          aria-label="AR months"
          rowKey={(r) => monthKey(r.year, r.month)}
          columns={columns}
          data={init.data?.months}
          loading={init.isFetching}
          error={init.error}
          onRetry={() => void init.refetch()}
          emptyText="No confirmed invoices yet"
        />
      </Flex>
    </>
  );
}
