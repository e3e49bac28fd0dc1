import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { iamApi } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useDeletePolicy, usePolicy } from '../api';
import { BindingsTable } from '../components/BindingsTable';
import { StatementsTable } from '../components/StatementsTable';
import { statementsText } from '../lib/statements';

const PolicyDialog = lazyDialog(() => import('../components/PolicyDialog').then((m) => m.PolicyDialog));
const AddBindingDialog = lazyDialog(() => import('../components/AddBindingDialog').then((m) => m.AddBindingDialog));

type Dialog = 'edit' | 'binding' | null;

/**
 * /iam/role/policies/{policy_name} (spec §2): a policy's statements (a table, and the JSON), its bindings (added and
 * removed here); Edit changes the JSON; Delete, after confirming, only once nothing is bound to it.
 */
export function PolicyDetailPage() {
  const name = useParams().policyName ?? '';
  const can = useCan();
  const navigate = useNavigate();
  const query = usePolicy(name);
  const del = useDeletePolicy();
  const [dialog, setDialog] = useState<Dialog>(null);
  const policy = query.data;
  const mayChange = can(iamApi.updatePolicy);

  const tabs: DetailTab[] = policy
    ? [
        {
          key: 'statements',
          label: `Statements (${policy.statements.length})`,
          children: (
            <>
              <StatementsTable statements={policy.statements} />
              <details style={{ marginTop: 16 }}>
                <summary>JSON</summary>
                <pre style={{ fontSize: 12, marginTop: 8 }}>{statementsText(policy.statements)}</pre>
              </details>
            </>
          ),
        },
        {
          key: 'bindings',
          label: `Bindings (${policy.binding_list.length})`,
          children: (
            <BindingsTable
              bindings={policy.binding_list}
              hide="target"
              removable={mayChange}
              emptyText="The policy is bound to no user, group or API key"
            />
          ),
        },
        { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="iam_policy" instanceId={name} /> },
      ]
    : [];

  const extra =
    policy && mayChange ? (
      <>
        <Button type="primary" onPointerEnter={AddBindingDialog.preload} onClick={() => setDialog('binding')}>
          Add Binding
        </Button>
        <Button onPointerEnter={PolicyDialog.preload} onClick={() => setDialog('edit')}>
          Edit
        </Button>
        <span title={policy.bindings > 0 ? 'Remove its bindings first: a bound policy cannot be deleted' : undefined}>
          <ConfirmButton
            danger
            disabled={policy.bindings > 0}
            confirmTitle={`Delete the policy ${name}?`}
            confirmContent="It is bound to nobody; it is deleted for good (its audit trail stays)."
            okText="Delete"
            onConfirm={async () => {
              await del.mutateAsync(name);
              feedback().message.success(`The policy ${name} has been deleted`);
              void navigate('/iam/role?tab=policies');
            }}
          >
            Delete
          </ConfirmButton>
        </span>
      </>
    ) : null;

  return (
    <>
      <DetailLayout
        title={`Policy ${name}`}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        extra={extra}
        descriptions={
          policy && [
            { key: 'description', label: 'Description', span: 3, children: policy.description || '-' },
            { key: 'bindings', label: 'Bindings', children: policy.bindings },
            { key: 'created_by', label: 'Created By', children: policy.created_by },
            { key: 'updated', label: 'Updated At', children: <DateText value={policy.updated_at} withTime /> },
          ]
        }
        tabs={policy ? tabs : undefined}
      />
      {policy ? (
        <>
          <PolicyDialog open={dialog === 'edit'} onClose={() => setDialog(null)} policy={policy} />
          <AddBindingDialog
            open={dialog === 'binding'}
            onClose={() => setDialog(null)}
            fixed={{ kind: 'policy', target: name }}
          />
        </>
      ) : null}
    </>
  );
}
