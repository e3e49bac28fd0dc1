import { partnersApi } from '@portal/contract';
import type { PartnerApiKey } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useRevokeApiKey } from '../api';

/** The MSP's API keys (metadata only: a key is shown once, when created); an active one is revoked after asking. */
export function ApiKeysTable({ orgId, keys }: { orgId: string; keys: readonly PartnerApiKey[] }) {
  const revoke = useRevokeApiKey(orgId);
  const canRevoke = useCan()(partnersApi.revokeApiKey);
  const columns: DataColumns<PartnerApiKey> = [
    { title: 'Prefix', dataIndex: 'prefix', key: 'prefix' },
    { title: 'Role', dataIndex: 'role', key: 'role' },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: 'Created By', dataIndex: 'created_by', key: 'created_by' },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
    {
      title: 'Revoked At',
      dataIndex: 'revoked_at',
      key: 'revoked_at',
      render: (v: string | null) => <DateText value={v} withTime />,
    },
  ];
  if (canRevoke)
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: never, k) =>
        k.status === 'active' ? (
          <ConfirmButton
            size="small"
            danger
            confirmTitle={`Revoke API key ${k.prefix}…?`}
            confirmContent="Calls made with it are refused from now on."
            okText="Revoke"
            onConfirm={async () => {
              await revoke.mutateAsync(k.id);
              feedback().message.success('Revoked');
            }}
          >
            Revoke
          </ConfirmButton>
        ) : null,
    });
  return (
    <DataTable<PartnerApiKey>
      aria-label="API keys"
      size="small"
      columns={columns}
      data={keys}
      pagination={false}
      emptyText="No API keys"
    />
  );
}
