import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Flex, Input, Skeleton, Tag } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ctlApi } from '@portal/contract';
import type { CtlCommand, CtlRunResponse } from '@portal/contract';
import { clusterDetailQuery } from '../../../shared/api/entities';
import { errorMessage, isApiError } from '../../../shared/lib/ApiError';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTab';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { useConfirmAndRetry } from '../../../shared/ui/ConfirmAndRetry';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { exampleArgs, tokenize, useCtlCommands, useRunCtl } from '../api';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { Panel } from '../../../shared/ui/Panel';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { TabSet } from '../../../shared/ui/TabSet';
import { Paragraph, Text, TextLink } from '../../../shared/ui/Typography';

/** Spec §2 secondary confirmation of a command that changes the cluster. */
export const MUTATING_CONFIRM_TITLE = 'This command changes the cluster. Run it?';

const argColumns: DataColumns<CtlCommand['args'][number]> = [
  {
    title: 'Argument',
    dataIndex: 'name',
    key: 'name',
    render: (n: string) => <Text code>{n}</Text>,
  },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  { title: 'Required', dataIndex: 'required', key: 'required', render: (r: boolean) => (r ? 'yes' : 'no') },
];

function Output({ run }: { run: CtlRunResponse }) {
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'command', label: 'Command', children: <Text code>{run.command}</Text> },
          { key: 'at', label: 'Executed At', children: <DateText value={run.executed_at} withTime /> },
          {
            key: 'format',
            label: 'Format',
            children: (
              <span>
                {run.output_format} {run.mutates ? <Tag color="red">changed the cluster</Tag> : null}
              </span>
            ),
          },
        ]}
      />
      <pre className="json-block" aria-label="Command output" style={{ maxHeight: 520 }}>
        {run.output}
      </pre>
    </>
  );
}

/**
 * /orgs/:orgId/clusters/:clusterId/ctl and /clusters/:clusterId/ctl: pick an allow-listed command, give its
 * arguments, Run, and read the output. A command that changes the cluster runs only after a secondary
 * confirmation (asked first for a command known to change it, else when the server asks: 409
 * confirmation.required).
 */
export function CtlPage() {
  const clusterId = useParams().clusterId ?? '';
  const [search, updateSearch] = useSearchUpdate();
  const cluster = useQuery({ ...clusterDetailQuery(clusterId), retry: false });
  const commands = useCtlCommands();
  const run = useRunCtl();
  const can = useCan();
  const [runs, setRuns] = useState<CtlRunResponse[]>([]);
  const [shown, setShown] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);

  const commandText = search.get('command') ?? '';
  const argsText = search.get('args') ?? '';
  const selected: CtlCommand | undefined = commands.data?.items.find((c) => c.command === commandText);

  const setParams = (next: { command?: string; args?: string }) =>
    updateSearch((sp) => {
      for (const [key, value] of Object.entries(next)) {
        if (value) sp.set(key, value);
        else sp.delete(key);
      }
    }, true);

  const confirmAndRetry = useConfirmAndRetry();

  const onRun = () => {
    if (!selected) return;
    const args = tokenize(argsText);
    if (selected.args.filter((a) => a.required).length > args.length) {
      setFailure(new Error(`${selected.command} needs: ${selected.usage}`));
      return;
    }
    setFailure(null);
    void confirmAndRetry({
      send: (confirm) =>
        run.mutateAsync({
          cluster_id: clusterId,
          command: selected.command,
          args: args.length ? args : undefined,
          confirm: confirm || undefined,
        }),
      title: MUTATING_CONFIRM_TITLE,
      okText: 'Run',
      // Known mutating commands ask first; the server asks for anything else it considers mutating.
      askFirst: selected.mutates ? <Text code>{`${selected.command} ${argsText}`.trim()}</Text> : undefined,
      onSuccess: (out) => {
        setRuns((prev) => [out, ...prev].slice(0, 20));
        setShown(0);
      },
      onError: (error) => {
        setFailure(error);
      },
    });
  };

  const current = runs[shown];
  const title = cluster.data ? `Cluster Control: ${cluster.data.name}` : `Cluster Control ${clusterId}`;

  return (
    <>
      <PageHeader
        title={title}
        tags={cluster.data ? <StatusTag status={cluster.data.status} /> : null}
        description={
          cluster.data ? (
            <span>
              Cluster <ClusterHoverCard clusterId={clusterId} tenantId={cluster.data.tenant_id} /> ·{' '}
              {cluster.data.cluster_type} · {cluster.data.version}
            </span>
          ) : cluster.error ? (
            <Text type="danger">{errorMessage(cluster.error)}</Text>
          ) : null
        }
      />
      <Panel title="Command">
        {commands.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : commands.error ? (
          <ErrorState compact error={commands.error} onRetry={() => void commands.refetch()} />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              onRun();
            }}
          >
            <Flex gap={12} wrap align="flex-end">
              <div className="form-field" style={{ minWidth: 320, flex: '1 1 320px' }}>
                <label htmlFor="ctl-command" className="form-field-label form-field-required">
                  Command
                </label>
                <SelectFilter
                  id="ctl-command"
                  showSearch
                  allowClear={false}
                  label="Command"
                  placeholder="Pick an allowed command"
                  width="100%"
                  value={selected?.command}
                  onChange={(value) => {
                    if (!value) return;
                    setParams({ command: value, args: '' });
                    setFailure(null);
                  }}
                  options={(commands.data?.items ?? []).map((c) => ({ value: c.command, label: c.command }))}
                  optionRender={(value) => (
                    <Flex justify="space-between" gap={8}>
                      <span>{value}</span>
                      {commands.data?.items.find((c) => c.command === value)?.mutates ? (
                        <Tag color="red">mutates</Tag>
                      ) : (
                        <Tag>read</Tag>
                      )}
                    </Flex>
                  )}
                />
              </div>
              <div className="form-field" style={{ minWidth: 280, flex: '2 1 280px' }}>
                <label htmlFor="ctl-args" className="form-field-label">
                  Arguments
                </label>
                <Input
                  id="ctl-args"
                  aria-label="Arguments"
                  className="mono"
                  disabled={!selected}
                  value={argsText}
                  placeholder={selected ? selected.usage.replace(selected.command, '').trim() || 'no arguments' : ''}
                  onChange={(e) => setParams({ args: e.target.value })}
                />
              </div>
              <div className="form-field">
                <Button
                  type="primary"
                  htmlType="submit"
                  danger={selected?.mutates}
                  icon={<CaretRightOutlined />}
                  disabled={!selected || !can(ctlApi.run)}
                  loading={run.isPending}
                >
                  Run
                </Button>
              </div>
            </Flex>
            {selected ? (
              <>
                <Paragraph style={{ marginBottom: 8 }}>
                  {selected.mutates ? <Tag color="red">changes the cluster: asks for a confirmation</Tag> : null}
                  {selected.description}
                </Paragraph>
                <Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  Usage: <Text code>{selected.usage}</Text> · Example:{' '}
                  <TextLink onClick={() => setParams({ args: exampleArgs(selected) })}>{selected.example}</TextLink>
                </Paragraph>
                {selected.args.length ? (
                  <DataTable size="small" rowKey="name" pagination={false} columns={argColumns} data={selected.args} />
                ) : null}
              </>
            ) : null}
          </form>
        )}
      </Panel>
      <Panel
        title="Output"
        extra={
          runs.length > 1 ? (
            <SelectFilter
              label="Earlier runs"
              allowClear={false}
              width={320}
              value={String(shown)}
              onChange={(value) => value !== undefined && setShown(Number(value))}
              options={runs.map((r, i) => ({ value: String(i), label: r.command }))}
            />
          ) : null
        }
      >
        {failure ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: current ? 12 : 0 }}
            title={isApiError(failure) ? failure.code : 'Cannot run'}
            description={errorMessage(failure)}
          />
        ) : null}
        {current ? (
          <Output run={current} />
        ) : failure ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Run a command to see its output" />
        )}
      </Panel>
      <Panel>
        <TabSet
          items={[{ key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="ctl" instanceId={clusterId} /> }]}
        />
      </Panel>
    </>
  );
}
