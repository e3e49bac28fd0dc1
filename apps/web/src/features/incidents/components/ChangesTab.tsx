import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { formatDateTime, INCIDENT_CHANGE_KIND_LABELS, INCIDENT_CHANGES_DEFAULT_HOURS } from '@portal/contract';
import type { Incident, IncidentChange, IncidentChangeKind } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ObjectLink, useAuditPath } from '../../../shared/ui/ObjectLink';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useIncidentChanges } from '../api';
import { CHANGE_AUDIT_TYPES } from '../lib/actions';

/** The windows offered: 6 hours, a day, three days, a week (the contract's maximum). */
export const CHANGE_WINDOW_HOURS = [6, 24, 72, 168] as const;
const windowLabel = (hours: number) => (hours % 24 === 0 ? `${hours / 24}d` : `${hours}h`);

/**
 * The changed object: a link to its page — the one the server names, else its area's page for that audit type
 * (the `auditLinks` of the manifests) — or its id when no page shows it.
 */
function ChangedObject({ change }: { change: IncidentChange }) {
  const auditPath = useAuditPath();
  const path = change.link ?? auditPath(CHANGE_AUDIT_TYPES[change.kind], change.id);
  return path ? <Link to={path}>{change.id}</Link> : <Text>{change.id}</Text>;
}

/**
 * "What changed here": config changes, releases, maintenances, operations and Kubernetes upgrades that touched the
 * incident's affected clusters in the chosen hours before it started, newest first, each linking to its page.
 */
export function ChangesTab({ incident }: { incident: Incident }) {
  const [hours, setHours] = useState<number>(INCIDENT_CHANGES_DEFAULT_HOURS);
  const query = useIncidentChanges(incident.id, { hours });
  const tenantOf = new Map(incident.clusters.map((c) => [c.id, c.tenant_id]));
  const columns: DataColumns<IncidentChange> = [
    {
      title: 'At (UTC)',
      dataIndex: 'at',
      key: 'at',
      render: (value: string) => <DateText value={value} withTime />,
    },
    {
      title: 'Kind',
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: IncidentChangeKind) => INCIDENT_CHANGE_KIND_LABELS[kind],
    },
    { title: 'Object', key: 'object', render: (_: unknown, row) => <ChangedObject change={row} /> },
    {
      title: 'Title',
      dataIndex: 'title',
      key: 'title',
      render: (title: string) => (
        <Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: title }}>
          {title}
        </Text>
      ),
    },
    {
      title: 'Cluster',
      dataIndex: 'cluster_id',
      key: 'cluster_id',
      render: (id: string) => <ObjectLink kind="cluster" id={id} tenantId={tenantOf.get(id)} />,
    },
    {
      title: 'Operator',
      dataIndex: 'operator',
      key: 'operator',
      render: (operator: string | null) => operator ?? <Text type="secondary">-</Text>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: string | null) => <StatusTag status={status} />,
    },
  ];
  const data = query.data;
  return (
    <>
      <div className="incident-toolbar" role="group" aria-label="Hours before the start">
        <Text type="secondary">Before the start:</Text>
        {CHANGE_WINDOW_HOURS.map((h) => (
          <Button
            key={h}
            size="small"
            type={h === hours ? 'primary' : 'default'}
            aria-pressed={h === hours}
            onClick={() => setHours(h)}
          >
            {windowLabel(h)}
          </Button>
        ))}
        {data ? (
          <Text type="secondary">
            {`${formatDateTime(data.from)} → ${formatDateTime(data.to)} UTC, on the ${incident.clusters.length} affected cluster(s)`}
          </Text>
        ) : null}
      </div>
      <DataTable<IncidentChange>
        aria-label="What changed"
        size="small"
        rowKey={(row) => `${row.kind}:${row.id}:${row.cluster_id}:${row.at}`}
        columns={columns}
        query={query}
        emptyText={
          incident.clusters.length
            ? `Nothing changed on the affected clusters in the ${hours} hours before the start`
            : 'No affected clusters: name them (Edit) to see what changed on them'
        }
      />
    </>
  );
}
