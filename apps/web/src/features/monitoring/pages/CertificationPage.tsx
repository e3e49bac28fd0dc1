import { Link } from 'react-router';
import { CERTIFICATE_COMPONENTS, CERTIFICATE_EXPIRING_DAYS, CERTIFICATE_STATUSES } from '@portal/contract';
import type {
  Certificate,
  CertificateComponent,
  CertificateListQuery,
  CertificateRegion,
  CertificateStatus,
} from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text } from '../../../shared/ui/Typography';
import { useCertificateRegions, useRegionCertificates } from '../api';
import { CertificateStatusTag, DaysLeft } from '../components/display';
import { defaultRegion } from '../model';
import { o11yPath, regionCertificatesPath } from '../paths';

/** A count that needs attention, highlighted when not zero. */
function Attention({ count, tone }: { count: number; tone: 'warning' | 'danger' }) {
  return count ? (
    <Text type={tone} strong>
      {count}
    </Text>
  ) : (
    <Text type="secondary">0</Text>
  );
}

const regionColumns = (selected: string | undefined): DataColumns<CertificateRegion> => [
  {
    title: 'Region',
    dataIndex: 'display_name',
    key: 'region',
    render: (name: string, r) => (
      <Link to={regionCertificatesPath(r.region_id)} aria-current={r.region_id === selected ? 'true' : undefined}>
        {r.region_id === selected ? <strong>{name}</strong> : name}
      </Link>
    ),
  },
  { title: 'Region ID', dataIndex: 'region_id', key: 'region_id', render: (id: string) => <Text code>{id}</Text> },
  { title: 'Provider', dataIndex: 'provider', key: 'provider' },
  { title: 'Certificates', dataIndex: 'total', key: 'total', align: 'right' },
  {
    title: `Expiring (≤ ${CERTIFICATE_EXPIRING_DAYS} days)`,
    dataIndex: 'expiring',
    key: 'expiring',
    align: 'right',
    render: (n: number) => <Attention count={n} tone="warning" />,
  },
  {
    title: 'Expired',
    dataIndex: 'expired',
    key: 'expired',
    align: 'right',
    render: (n: number) => <Attention count={n} tone="danger" />,
  },
  {
    title: 'Next Expiry',
    dataIndex: 'next_expiry',
    key: 'next_expiry',
    render: (v: string | null) => <DateText value={v} />,
  },
  {
    title: 'O11y Cluster',
    dataIndex: 'o11y_cluster',
    key: 'o11y_cluster',
    render: (name: string | null) => (name ? <Link to={o11yPath(name)}>{name}</Link> : '-'),
  },
];

const certificateColumns: DataColumns<Certificate> = [
  { title: 'Component', dataIndex: 'component', key: 'component', sorter: true },
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true, render: (n: string) => <Text code>{n}</Text> },
  {
    title: 'Subject',
    dataIndex: 'subject',
    key: 'subject',
    render: (s: string) => (
      <Text style={{ maxWidth: 280 }} ellipsis={{ tooltip: s }}>
        {s}
      </Text>
    ),
  },
  {
    title: 'Issuer',
    dataIndex: 'issuer',
    key: 'issuer',
    render: (s: string) => (
      <Text style={{ maxWidth: 240 }} ellipsis={{ tooltip: s }}>
        {s}
      </Text>
    ),
  },
  { title: 'Not Before', dataIndex: 'not_before', key: 'not_before', render: (v: string) => <DateText value={v} /> },
  {
    title: 'Not After',
    dataIndex: 'not_after',
    key: 'not_after',
    sorter: true,
    render: (v: string) => <DateText value={v} withTime />,
  },
  {
    title: 'Days Left',
    dataIndex: 'days_left',
    key: 'days_left',
    render: (d: number, c) => <DaysLeft days={d} status={c.status} />,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (s: string) => <CertificateStatusTag status={s} />,
  },
];

function CertificateDetails({ certificate: c }: { certificate: Certificate }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
      <dt>DNS names</dt>
      <dd style={{ margin: 0 }}>{c.dns_names.length ? c.dns_names.join(', ') : '-'}</dd>
      <dt>Serial number</dt>
      <dd style={{ margin: 0 }}>
        <Text code>{c.serial_number}</Text>
      </dd>
      <dt>SHA-256 fingerprint</dt>
      <dd style={{ margin: 0 }}>
        <Text code copyable>
          {c.fingerprint_sha256}
        </Text>
      </dd>
      <dt>Key</dt>
      <dd style={{ margin: 0 }}>{c.key_algorithm}</dd>
    </dl>
  );
}

/**
 * /certification: every region's TLS certificates counted by status, and one region's certificates (spec §7
 * `monitoring/certificate/regions/{id}`), soonest end first; those ending within 30 days are highlighted. The region
 * and the filters are in the URL; without a region, the page opens on the one that needs attention first.
 */
export function CertificationPage() {
  const regionsQuery = useCertificateRegions();
  const list = useListParams({
    region: '',
    status: [] as CertificateStatus[],
    component: [] as CertificateComponent[],
    search: '',
    sort: 'not_after',
  });
  const regions = regionsQuery.data?.items;
  const { region: chosen, search, ...rest } = list.request;
  const regionId = chosen || defaultRegion(regions);
  const certificates = useRegionCertificates(regionId, {
    ...rest,
    sort: rest.sort as CertificateListQuery['sort'],
    search: search || undefined,
  });
  const region = certificates.data?.region ?? regions?.find((r) => r.region_id === regionId);
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.component.length || filters.search);

  return (
    <>
      <PageHeader
        title="Certification"
        description="TLS certificates of each region's endpoints: the SQL gateway, the cluster components' mutual TLS, the o11y ingestion endpoint and the region's internal CA."
        extra={<Link to="/o11y">O11y Clusters</Link>}
      />
      <Panel title="Regions">
        <DataTable<CertificateRegion>
          aria-label="Regions"
          rowKey="region_id"
          size="small"
          columns={regionColumns(regionId)}
          data={regions}
          loading={regionsQuery.isFetching && regionsQuery.isLoading}
          error={regionsQuery.error}
          onRetry={() => void regionsQuery.refetch()}
          pagination={false}
          emptyText="No regions"
        />
      </Panel>
      <Panel
        title={region ? `Certificates of ${region.display_name}` : 'Certificates'}
        extra={region ? <Text type="secondary">{`${region.provider} · ${region.region_id}`}</Text> : null}
      >
        <ListToolbar
          filtered={filtered}
          onReset={() => (chosen ? list.setFilters({ status: [], component: [], search: '' }) : list.reset())}
          onReload={certificates.refetch}
          reloading={certificates.isFetching}
        >
          <SelectFilter
            label="Region"
            width={240}
            showSearch
            allowClear={false}
            value={regionId}
            options={(regions ?? []).map((r) => ({ value: r.region_id, label: `${r.display_name} · ${r.provider}` }))}
            onChange={(value) => list.setFilters({ region: value ?? '' })}
          />
          <MultiSelectFilter
            label="Status"
            width={200}
            value={filters.status}
            options={CERTIFICATE_STATUSES.map((value) => ({ value, label: value }))}
            onChange={(status) => list.setFilters({ status })}
          />
          <MultiSelectFilter
            label="Component"
            width={220}
            value={filters.component}
            options={CERTIFICATE_COMPONENTS.map((value) => ({ value, label: value }))}
            onChange={(component) => list.setFilters({ component })}
          />
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search subject, issuer, DNS name"
            aria-label="Search certificates"
            width={260}
          />
        </ListToolbar>
        <DataTable<Certificate>
          aria-label="Certificates"
          columns={certificateColumns}
          data={regionId ? certificates.data : []}
          loading={certificates.isFetching && (certificates.isLoading || certificates.isPlaceholderData)}
          error={certificates.error}
          onRetry={() => void certificates.refetch()}
          list={list}
          expandable={{ expandedRowRender: (c) => <CertificateDetails certificate={c} /> }}
          emptyText={filtered ? 'No certificates match these filters' : 'No certificates in this region'}
        />
      </Panel>
    </>
  );
}
