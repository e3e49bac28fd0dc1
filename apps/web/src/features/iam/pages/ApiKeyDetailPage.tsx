import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Link, useParams } from 'react-router';
import { iamApi } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';
import { useApiKey, useRevokeApiKey } from '../api';
import { BindingsTable } from '../components/BindingsTable';
import { KeyStatusTag } from '../components/KeyStatusTag';
import { rolePath } from '../lib/paths';

const AddBindingDialog = lazyDialog(() => import('../components/AddBindingDialog').then((m) => m.AddBindingDialog));

/**
 * /iam/entity/apikeys/{key_name} (spec §2): an API key — its role, prefix, who made it, when it expires and was last
 * used — never its secret. Revoke (after confirming) stops it at once; its row, bindings and audit trail stay.
 */
export function ApiKeyDetailPage() {
  const name = useParams().keyName ?? '';
  const can = useCan();
  const query = useApiKey(name);
  const revoke = useRevokeApiKey();
  const [binding, setBinding] = useState(false);
  const key = query.data;
  const revoked = key?.status === 'revoked';

  const tabs: DetailTab[] = key
    ? [
        {
          key: 'bindings',
          label: `Bindings (${key.bindings.length})`,
          children: (
            <BindingsTable
              bindings={key.bindings}
              hide="subject"
              removable={can(iamApi.deleteRoleBinding)}
              emptyText="Nothing is bound to this key: it can do what its role grants"
            />
          ),
        },
        { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="iam_api_key" instanceId={name} /> },
      ]
    : [];

  const extra =
    key && !revoked && can(iamApi.revokeApiKey) ? (
      <>
        <Button onPointerEnter={AddBindingDialog.preload} onClick={() => setBinding(true)}>
          Add Binding
        </Button>
        <ConfirmButton
          danger
          confirmTitle={`Revoke the API key ${name}?`}
          confirmContent="Every request made with it is refused from now on. This cannot be undone: create a new key instead."
          okText="Revoke"
          onConfirm={async () => {
            await revoke.mutateAsync(name);
            feedback().message.success(`The API key ${name} has been revoked`);
          }}
        >
          Revoke
        </ConfirmButton>
      </>
    ) : null;

  return (
    <>
      <DetailLayout
        title={`API key ${name}`}
        tags={key ? <KeyStatusTag status={key.status} /> : null}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        extra={extra}
        descriptions={
          key && [
            { key: 'description', label: 'Description', span: 3, children: key.description || '-' },
            { key: 'role', label: 'Role', children: <Link to={rolePath(key.role)}>{key.role}</Link> },
            { key: 'prefix', label: 'Prefix', children: <Text code>{key.prefix}…</Text> },
            { key: 'created_by', label: 'Created By', children: key.created_by },
            { key: 'created', label: 'Created At', children: <DateText value={key.created_at} withTime /> },
            {
              key: 'expires',
              label: 'Expires At',
              children: key.expires_at ? <DateText value={key.expires_at} withTime /> : 'Never',
            },
            {
              key: 'used',
              label: 'Last Used At',
              children: key.last_used_at ? <DateText value={key.last_used_at} withTime /> : 'Never',
            },
            ...(revoked
              ? [
                  { key: 'revoked', label: 'Revoked At', children: <DateText value={key.revoked_at} withTime /> },
                  { key: 'revoked_by', label: 'Revoked By', children: key.revoked_by ?? '-' },
                ]
              : []),
          ]
        }
        tabs={key ? tabs : undefined}
      >
        {key?.status === 'expired' ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="This key has expired: requests made with it are refused. Revoke it, or create a new one."
          />
        ) : null}
        {revoked ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="This key is revoked: requests made with it are refused. It stays listed for its audit trail."
          />
        ) : null}
      </DetailLayout>
      <AddBindingDialog
        open={binding}
        onClose={() => setBinding(false)}
        fixed={{ subject_type: 'apikey', subject: name }}
      />
    </>
  );
}
