import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { billingApi, formatDateTime, formatRate } from '@portal/contract';
import type { FxRate, FxRateListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Rate } from '../../../shared/ui/Formatted';
import { StatFigure } from '../../../shared/ui/Panel';
import { Title } from '../../../shared/ui/Typography';
import { useFxRates } from '../api/fx';

const loadForm = () => import('../components/FxRateForm').then((m) => ({ default: m.FxRateForm }));
/** The form (antd Form, InputNumber, DatePicker: ~70 KB) loads when Set Rate is clicked, not with the tab. */
const FxRateForm = lazy(loadForm);

const columns: DataColumns<FxRate> = [
  { title: 'Date', dataIndex: 'date', key: 'date', sorter: true },
  {
    title: 'USD → SGD',
    dataIndex: 'value',
    key: 'value',
    align: 'right',
    render: (value: number) => <Rate value={value} />,
  },
  { title: 'Set By', dataIndex: 'created_by', key: 'created_by' },
  { title: 'Set At (UTC)', dataIndex: 'created_at', key: 'created_at', render: (v: string) => formatDateTime(v) },
];

/**
 * Exchange Rate (§2, §3, §5): the USD → SGD rate (4 decimals) in force, a form to set it for a day (not in the
 * future; minimum 0.0001; Save disabled at 0), and the history, newest first.
 */
export function ExchangeRateTab() {
  const can = useCan();
  const [setting, setSetting] = useState(false);
  const list = useListParams({ sort: '-date' });
  const query = useFxRates({
    ...list.request,
    base: 'USD',
    target: 'SGD',
    sort: list.request.sort as FxRateListQuery['sort'],
  });
  // The rate in force: the newest.
  const latest = useFxRates({ base: 'USD', target: 'SGD', page: 1, per_page: 1, sort: '-date' });
  const current = latest.data?.items[0];
  return (
    <>
      <div style={{ display: 'flex', gap: 48, flexWrap: 'wrap', alignItems: 'flex-start', marginBottom: 16 }}>
        <StatFigure
          title={current ? `1 USD in SGD, since ${current.date}` : '1 USD in SGD'}
          value={<span aria-label="Current rate">{current ? formatRate(current.value) : '-'}</span>}
        />
        {!can(billingApi.setFxRate) ? null : setting ? (
          <Suspense fallback={null}>
            <FxRateForm current={current?.value} />
          </Suspense>
        ) : (
          <Button type="primary" onPointerEnter={() => void loadForm()} onClick={() => setSetting(true)}>
            Set Rate
          </Button>
        )}
      </div>
      <Title level={5}>History</Title>
      <DataTable<FxRate>
        aria-label="Exchange rate history"
        rowKey={(r) => `${r.date}/${r.created_at}`}
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText="No exchange rate yet"
      />
    </>
  );
}
