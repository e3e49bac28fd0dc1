import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import {
  createIncidentBody,
  INCIDENT_DESCRIPTION_MAX,
  INCIDENT_MESSAGES,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_START_GRACE_MS,
  INCIDENT_TITLE_MAX,
} from '@portal/contract';
import type { Incident, IncidentSeverity, UpdateIncidentBody } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateIncident, useUpdateIncident } from '../api';
import { ClusterSearchSelect, TenantSearchSelect } from './OrgSearchSelect';

/** What the form edits. */
export interface IncidentFormValues {
  title: string;
  description?: string;
  severity?: IncidentSeverity;
  commander?: string;
  tenant_ids: string[];
  cluster_ids: string[];
  started_at?: Dayjs;
}

const fields = createIncidentBody.shape;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const SEVERITIES = INCIDENT_SEVERITIES.map((value) => ({ value, label: INCIDENT_SEVERITY_LABELS[value] }));

/*
 * The picker shows and takes UTC (like every time in the console): its value holds the UTC wall-clock time as if it
 * were local, and is read back as that UTC time.
 */
export const toPicker = (iso: string | Date) => dayjs(new Date(iso).toISOString().slice(0, 16));
export const fromPicker = (value: Dayjs) => `${value.format('YYYY-MM-DDTHH:mm')}:00Z`;

/** The form's values of an incident (or of a new one, started now). */
export function incidentFormValues(incident?: Incident): IncidentFormValues {
  return {
    title: incident?.title ?? '',
    description: incident?.description ?? '',
    severity: incident?.severity,
    commander: incident?.commander ?? '',
    tenant_ids: incident?.tenants.map((t) => t.id) ?? [],
    cluster_ids: incident?.clusters.map((c) => c.id) ?? [],
    started_at: toPicker(incident?.started_at ?? new Date()),
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The PUT body of an edit: only the fields that changed (the audit row then shows exactly what was edited). */
export function changedFields(incident: Incident, values: IncidentFormValues): UpdateIncidentBody {
  const body: UpdateIncidentBody = {};
  const title = values.title.trim();
  const description = (values.description ?? '').trim();
  const commander = (values.commander ?? '').trim() || null;
  if (title !== incident.title) body.title = title;
  if (description !== incident.description) body.description = description;
  if (values.severity && values.severity !== incident.severity) body.severity = values.severity;
  if (commander !== incident.commander) body.commander = commander;
  if (
    !sameIds(
      values.tenant_ids,
      incident.tenants.map((t) => t.id),
    )
  )
    body.tenant_ids = values.tenant_ids;
  if (
    !sameIds(
      values.cluster_ids,
      incident.clusters.map((c) => c.id),
    )
  )
    body.cluster_ids = values.cluster_ids;
  // The picker holds minutes: an untouched start keeps its seconds.
  if (values.started_at && !values.started_at.isSame(toPicker(incident.started_at)))
    body.started_at = fromPicker(values.started_at);
  return body;
}

export interface IncidentFormDialogProps {
  open: boolean;
  onClose(): void;
  /** The incident to edit; a new one without it. */
  incident?: Incident;
  /** After it was created or saved. */
  onSaved?(incident: Incident): void;
}

/**
 * Create Incident / Edit (spec §7 incidents POST and PUT): title, severity, commander, the affected tenants and
 * clusters (searched through the orgs API), when it started (UTC) and a description. Fields validate with the
 * contract's rules first; the server's refusals (an unknown commander, tenant or cluster) land on their fields.
 */
export function IncidentFormDialog({ open, onClose, incident, onSaved }: IncidentFormDialogProps) {
  const [form] = Form.useForm<IncidentFormValues>();
  const create = useCreateIncident();
  const update = useUpdateIncident(incident?.id ?? '');
  const tenantLabels = Object.fromEntries((incident?.tenants ?? []).map((t) => [t.id, `${t.name} (${t.id})`]));
  const clusterLabels = Object.fromEntries((incident?.clusters ?? []).map((c) => [c.id, `${c.name} (${c.id})`]));
  return (
    <FormModal<IncidentFormValues>
      title={incident ? `Edit ${incident.id}` : 'Create Incident'}
      okText={incident ? 'Save' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={incidentFormValues(incident)}
      onSubmit={async (values) => {
        if (incident) {
          const body = changedFields(incident, values);
          const saved = Object.keys(body).length ? await update.mutateAsync(body) : incident;
          feedback().message.success(INCIDENT_MESSAGES.saved);
          onSaved?.(saved);
          return;
        }
        const created = await create.mutateAsync({
          title: values.title.trim(),
          description: (values.description ?? '').trim(),
          severity: values.severity!,
          commander: (values.commander ?? '').trim() || null,
          tenant_ids: values.tenant_ids,
          cluster_ids: values.cluster_ids,
          started_at: values.started_at ? fromPicker(values.started_at) : undefined,
        });
        feedback().message.success(INCIDENT_MESSAGES.created);
        onSaved?.(created);
      }}
    >
      <Form.Item name="title" label="Title" required rules={[schemaRule(fields.title)]}>
        <Input aria-label="Title" maxLength={INCIDENT_TITLE_MAX} autoComplete="off" placeholder="What is broken" />
      </Form.Item>
      <Form.Item name="severity" label="Severity" required rules={[schemaRule(fields.severity)]}>
        <Select aria-label="Severity" options={SEVERITIES} placeholder="How bad is it" />
      </Form.Item>
      <Form.Item
        name="commander"
        label="Commander"
        rules={[schemaRule(fields.commander)]}
        extra="The incident commander's portal email; empty until someone takes command."
      >
        <Input aria-label="Commander" type="email" autoComplete="off" placeholder="name@example.com" />
      </Form.Item>
      <Form.Item name="tenant_ids" label="Affected Tenants" rules={[schemaRule(fields.tenant_ids)]}>
        <TenantSearchSelect known={tenantLabels} />
      </Form.Item>
      <Form.Item
        name="cluster_ids"
        label="Affected Clusters"
        rules={[schemaRule(fields.cluster_ids)]}
        extra="Their tenants count as affected too."
      >
        <ClusterSearchSelect known={clusterLabels} />
      </Form.Item>
      <Form.Item
        name="started_at"
        label="Started At (UTC)"
        extra={incident ? undefined : 'When it began; empty: now.'}
        rules={[
          {
            validator: async (_rule, value: Dayjs | undefined) => {
              if (value && Date.parse(fromPicker(value)) > Date.now() + INCIDENT_START_GRACE_MS)
                throw new Error(INCIDENT_MESSAGES.startInFuture);
            },
          },
        ]}
      >
        <DatePicker aria-label="Started at" showTime format={TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[schemaRule(fields.description)]}>
        <Input.TextArea
          aria-label="Description"
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={INCIDENT_DESCRIPTION_MAX}
          placeholder="What users see, what is known so far"
        />
      </Form.Item>
    </FormModal>
  );
}
