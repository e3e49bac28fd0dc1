import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { partnersApi } from '@portal/contract';
import type { PartnerType, Tenant } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { PARTNER_PAGE_SIZE, usePartners } from '../api';
import { ResendApiKeyButton } from '../components/ResendApiKeyButton';
import { PARTNER_CONFIGS, partnerPath } from '../lib/types';

const PartnerDialog = lazyDialog(() => import('../components/PartnerDialog').then((m) => m.PartnerDialog));

/**
 * A partner list (spec §2 /msp, /cppo, /mcpo, /reseller): the active orgs tagged with the partner type, searched by
 * ID, name and email, 10 a page (§9), each linking to its detail page; Add opens the 3-step create dialog, and an MSP
 * row offers Resend API Key. Search and page are kept in the URL.
 */
export function PartnerListPage({ type }: { type: PartnerType }) {
  const config = PARTNER_CONFIGS[type];
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const list = useListParams({ search: '', per_page: PARTNER_PAGE_SIZE });
  const query = usePartners(type, list.request);
  const create =
    type === 'msp'
      ? partnersApi.createMsp
      : type === 'cppo'
        ? partnersApi.createCppo
        : type === 'mcpo'
          ? partnersApi.createMcpo
          : partnersApi.createReseller;

  const columns: DataColumns<Tenant> = [
    { title: 'ID', dataIndex: 'id', key: 'id', render: (id: string) => <Link to={partnerPath(type, id)}>{id}</Link> },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => <Link to={partnerPath(type, row.id)}>{name}</Link>,
    },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      render: (v: string) => <DateText value={v} />,
    },
  ];
  if (type === 'msp' && can(partnersApi.resendApiKey))
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: never, row) => (
        <ResendApiKeyButton size="small" msp={{ org_id: row.id, name: row.name, email: row.email }} />
      ),
    });

  return (
    <>
      <PageHeader
        title={config.title}
        extra={
          can(create) ? (
            <Button type="primary" onPointerEnter={PartnerDialog.preload} onClick={() => setAdding(true)}>
              Add {config.noun}
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar
          filtered={Boolean(list.filters.search)}
          onReset={list.reset}
          onReload={query.refetch}
          reloading={query.isFetching}
        >
          <SearchInput
            value={list.filters.search}
            onSearch={(search) => list.setFilters({ search }, { replace: true })}
            placeholder="Search by ID, Name or Email"
            width={320}
          />
        </ListToolbar>
        <DataTable<Tenant>
          aria-label={config.title}
          columns={columns}
          query={query}
          list={list}
          emptyText={list.filters.search ? `No ${config.noun} matches` : `No ${config.noun} yet`}
        />
      </Panel>
      <PartnerDialog type={type} open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

export const MspListPage = () => <PartnerListPage type="msp" />;
export const CppoListPage = () => <PartnerListPage type="cppo" />;
export const McpoListPage = () => <PartnerListPage type="mcpo" />;
export const ResellerListPage = () => <PartnerListPage type="reseller" />;
