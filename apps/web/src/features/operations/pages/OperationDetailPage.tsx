import { Alert, Button } from 'antd';
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { OPERATION_ACTIONS, operationsApi } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { isTerminal, useOperation, useOperationAction } from '../api';
import { OperationProgress } from '../components/OperationProgress';
import { OperationSteps } from '../components/OperationSteps';
import { Text } from '../../../shared/ui/Typography';

/** /operations/:instanceId: facts, steps (live while it runs), actions per status, audit logs. */
export function OperationDetailPage() {
  const id = useParams().instanceId ?? '';
  const { data: operation, isLoading, isFetching, error, refetch } = useOperation(id);
  const act = useOperationAction(id);
  const can = useCan();
  // What the status allows (spec §4), and only for users whose roles may operate.
  const allowed = operation ? OPERATION_ACTIONS[operation.status] : [];
  const mayStep = can(operationsApi.startStep) && can(operationsApi.finishStep);

  return (
    <DetailLayout
      title={operation ? `Operation ${operation.id}: ${operation.title}` : `Operation ${id}`}
      tags={operation ? <StatusTag status={operation.status} /> : null}
      loading={isLoading}
      error={operation ? undefined : error}
      onRetry={() => void refetch()}
      extra={
        operation ? (
          <>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!allowed.includes('submit') || !can(operationsApi.submit)}
              loading={act.isPending && act.variables?.action === 'submit'}
              onClick={() => act.mutate({ action: 'submit' })}
            >
              Submit
            </Button>
            <ConfirmButton
              danger
              icon={<StopOutlined />}
              disabled={!allowed.includes('cancel') || !can(operationsApi.cancel)}
              confirmTitle={`Cancel operation ${operation.id}?`}
              confirmContent="Its remaining steps will not run."
              okText="Cancel operation"
              onConfirm={() => act.mutateAsync({ action: 'cancel' }).catch(() => undefined)}
            >
              Cancel
            </ConfirmButton>
            <ReloadButton loading={isFetching && isTerminal(operation.status)} onReload={refetch}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        operation && [
          { key: 'id', label: 'ID', children: <Text copyable>{operation.id}</Text> },
          { key: 'title', label: 'Title', children: operation.title },
          { key: 'type', label: 'Type', children: <Text code>{operation.type}</Text> },
          { key: 'status', label: 'Status', children: <StatusTag status={operation.status} /> },
          { key: 'progress', label: 'Progress', children: <OperationProgress operation={operation} width={200} /> },
          {
            key: 'target',
            label: 'Target',
            children: (
              <span>
                <Text type="secondary">{operation.target_type}</Text>{' '}
                <ObjectLink kind={operation.target_type} id={operation.target_id} tenantId={operation.tenant_id} />
              </span>
            ),
          },
          {
            key: 'tenant',
            label: 'Tenant',
            children: operation.tenant_id ? <TenantHoverCard tenantId={operation.tenant_id} /> : '-',
          },
          { key: 'created_by', label: 'Created By', children: operation.created_by },
          { key: 'created', label: 'Created At', children: <DateText value={operation.created_at} withTime /> },
          { key: 'started', label: 'Started At', children: <DateText value={operation.started_at} withTime /> },
          { key: 'finished', label: 'Finished At', children: <DateText value={operation.finished_at} withTime /> },
        ]
      }
      tabs={
        operation
          ? [
              {
                key: 'steps',
                label: 'Steps',
                children: (
                  <OperationSteps
                    operation={operation}
                    busy={act.isPending}
                    onStep={mayStep ? (action, step) => act.mutate({ action, seq: step.seq }) : undefined}
                  />
                ),
              },
              {
                key: 'params',
                label: 'Params',
                children: <pre className="json-block">{JSON.stringify(operation.params ?? {}, null, 2)}</pre>,
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="operation" instanceId={operation.id} />,
              },
            ]
          : undefined
      }
    >
      {operation?.error ? <Alert type="error" showIcon title="Operation error" description={operation.error} /> : null}
      {operation && error ? (
        <Alert type="warning" showIcon title="Refreshing the operation failed; showing the last known state." />
      ) : null}
    </DetailLayout>
  );
}
