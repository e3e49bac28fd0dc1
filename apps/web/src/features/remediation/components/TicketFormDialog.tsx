import { useState } from 'react';
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import type { FormInstance } from 'antd';
import {
  displayClusterStatus,
  REMEDIATION_ACTION_INFO,
  REMEDIATION_ACTIONS,
  REMEDIATION_MESSAGES,
  REMEDIATION_PARAMS,
  REMEDIATION_REASON_MAX,
  REMEDIATION_RISK_LEVELS,
  RESTARTABLE_COMPONENTS,
  remediationTicketBody,
  SCALE_OUT_MAX_NODES,
  SCHEDULE_LIMIT_MAX,
} from '@portal/contract';
import type {
  RemediationAction,
  RemediationRiskLevel,
  RemediationTicket,
  RemediationTicketBody,
} from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateTicket, useUpdateTicket } from '../api';
import { useClusterComponents, useClusterOptions, useIncidentOptions } from './formOptions';

export interface TicketFormValues {
  cluster_id: string;
  incident_id?: string | null;
  action: RemediationAction;
  params: Record<string, unknown>;
  risk_level: RemediationRiskLevel;
  reason: string;
  submit?: boolean;
}

/** The fields every action shares, as the contract checks them (the first variant's: they are the same in each). */
const fields = remediationTicketBody.options[0].shape;

/** The parameters an action starts with in the form. */
const PARAM_DEFAULTS: Record<RemediationAction, Record<string, unknown>> = {
  restart_component: {},
  scale_out_tikv: { add_nodes: 1 },
  transfer_pd_leader: {},
  rebalance_regions: { region_schedule_limit: 16 },
  failover_tidb: {},
};

const ACTION_OPTIONS = REMEDIATION_ACTIONS.map((value) => ({ value, label: REMEDIATION_ACTION_INFO[value].label }));
const RISK_NOTE =
  "The action's own by default. A high-risk ticket needs the SRE lead's approval after the on-call review, and its " +
  'operation waits for a manual health confirmation.';
const RISK_OPTIONS = REMEDIATION_RISK_LEVELS.map((value) => ({ value, label: value }));

/** The cluster, searched by name or id (debounced, spec §5/§9: 300 ms). */
function ClusterSelect(props: { id?: string; value?: string; onChange?(value: string): void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useClusterOptions(search);
  const options = (data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.id})`,
    title: `${c.name} (${c.id}) · ${displayClusterStatus(c.status)}`,
  }));
  // Editing: the ticket's cluster shows by id until a search lists it.
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.value, title: props.value });
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      placeholder="Search clusters by name or ID"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No cluster matches'}
      aria-label="Cluster"
    />
  );
}

/** The incident (optional), searched by id or title (debounced). */
function IncidentSelect(props: { id?: string; value?: string | null; onChange?(value: string | null): void }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useIncidentOptions(search);
  const options = (data?.items ?? []).map((i) => ({
    value: i.id,
    label: `${i.id} · ${i.title}`,
    title: `${i.id} · ${i.title} (${i.severity}, ${i.status})`,
  }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.value, title: props.value });
  return (
    <Select
      id={props.id}
      value={props.value ?? undefined}
      onChange={(value?: string) => props.onChange?.(value ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      placeholder="None (search incidents by ID or title)"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No incident matches'}
      aria-label="Incident"
    />
  );
}

/** `pd-0`, `pd-1`, … for a component with `replicas` instances. */
const instances = (prefix: string, replicas: number | undefined) =>
  Array.from({ length: replicas ?? 0 }, (_, i) => ({ value: `${prefix}-${i}`, label: `${prefix}-${i}` }));

/**
 * The chosen action's parameters, checked with the contract's rules; what the cluster runs (its components, its PD
 * members and TiDB instances) fills the choices once a cluster is chosen. The server checks them against the cluster
 * again.
 */
function ParamsFields({ action, clusterId }: { action: RemediationAction | undefined; clusterId: string | undefined }) {
  const { data } = useClusterComponents(clusterId);
  const replicas = (component: string) => data?.items.find((c) => c.component === component)?.replicas;
  switch (action) {
    case 'restart_component': {
      const running = RESTARTABLE_COMPONENTS.filter((c) => !data || (replicas(c) ?? 0) > 0);
      return (
        <Form.Item
          name={['params', 'component']}
          label="Component"
          required
          rules={[schemaRule(REMEDIATION_PARAMS.restart_component.shape.component)]}
        >
          <Select options={running.map((value) => ({ value, label: value }))} aria-label="Component" />
        </Form.Item>
      );
    }
    case 'scale_out_tikv':
      return (
        <Form.Item
          name={['params', 'add_nodes']}
          label="TiKV nodes to add"
          required
          rules={[schemaRule(REMEDIATION_PARAMS.scale_out_tikv.shape.add_nodes)]}
          extra={replicas('TIKV') !== undefined ? `The cluster runs ${replicas('TIKV')} TiKV nodes.` : undefined}
        >
          <InputNumber precision={0} style={{ width: 160 }} placeholder={`1 to ${SCALE_OUT_MAX_NODES}`} />
        </Form.Item>
      );
    case 'transfer_pd_leader':
      return (
        <Form.Item
          name={['params', 'target_member']}
          label="Target PD member"
          required
          rules={[schemaRule(REMEDIATION_PARAMS.transfer_pd_leader.shape.target_member)]}
        >
          <Select
            options={instances('pd', replicas('PD'))}
            placeholder={clusterId ? 'pd-1' : 'Choose a cluster first'}
            aria-label="Target PD member"
          />
        </Form.Item>
      );
    case 'rebalance_regions':
      return (
        <Form.Item
          name={['params', 'region_schedule_limit']}
          label="Region schedule limit"
          required
          rules={[schemaRule(REMEDIATION_PARAMS.rebalance_regions.shape.region_schedule_limit)]}
          extra="PD's region and leader schedule limits while it rebalances (restored afterwards)."
        >
          <InputNumber precision={0} style={{ width: 160 }} placeholder={`1 to ${SCHEDULE_LIMIT_MAX}`} />
        </Form.Item>
      );
    case 'failover_tidb':
      return (
        <Form.Item
          name={['params', 'instance']}
          label="TiDB instance"
          required
          rules={[schemaRule(REMEDIATION_PARAMS.failover_tidb.shape.instance)]}
        >
          <Select
            options={instances('tidb', replicas('TIDB'))}
            placeholder={clusterId ? 'tidb-0' : 'Choose a cluster first'}
            aria-label="TiDB instance"
          />
        </Form.Item>
      );
    default:
      return null;
  }
}

/** What a new ticket starts with. */
const INITIAL: Partial<TicketFormValues> = { incident_id: null, params: {}, submit: false };

function initialOf(ticket: RemediationTicket | undefined, incidentId: string | undefined): Partial<TicketFormValues> {
  if (!ticket) return { ...INITIAL, incident_id: incidentId ?? null };
  return {
    cluster_id: ticket.cluster_id,
    incident_id: ticket.incident_id,
    action: ticket.action,
    params: ticket.params,
    risk_level: ticket.risk_level,
    reason: ticket.reason,
  };
}

/** The ticket's content from the form's values (the server checks the whole again). */
export function ticketBody(values: TicketFormValues): RemediationTicketBody {
  // The form holds the parameters of the chosen action only (they are reset when the action changes).
  return {
    cluster_id: values.cluster_id,
    incident_id: values.incident_id || null,
    action: values.action,
    params: values.params ?? {},
    risk_level: values.risk_level,
    reason: values.reason.trim(),
  } as RemediationTicketBody;
}

export interface TicketFormDialogProps {
  open: boolean;
  onClose(): void;
  /** Edit this draft; a new ticket without it. */
  ticket?: RemediationTicket;
  /** A new ticket for this incident (e.g. opened from the incident's page). */
  incidentId?: string;
  /** After the ticket was created or saved (e.g. to open its page). */
  onSaved?(ticket: RemediationTicket): void;
}

function useActionChange(form: FormInstance<TicketFormValues>) {
  return (action: RemediationAction) =>
    form.setFieldsValue({
      params: { ...PARAM_DEFAULTS[action] },
      risk_level: REMEDIATION_ACTION_INFO[action].default_risk,
    });
}

/**
 * Create Ticket (and Edit of a draft): the cluster (searched), the incident it is for (optional), the remediation
 * from the contract's catalogue with its parameters, the risk (the action's by default; high needs the SRE lead's
 * approval too) and the reason. Fields validate with the contract's rules first; nothing is sent until they pass.
 */
export function TicketFormDialog({ open, onClose, ticket, incidentId, onSaved }: TicketFormDialogProps) {
  const [form] = Form.useForm<TicketFormValues>();
  const create = useCreateTicket();
  const update = useUpdateTicket(ticket?.id ?? '');
  const action = Form.useWatch('action', form);
  const clusterId = Form.useWatch('cluster_id', form);
  const onAction = useActionChange(form);
  const info = action ? REMEDIATION_ACTION_INFO[action] : undefined;
  return (
    <FormModal<TicketFormValues>
      title={ticket ? `Edit ticket ${ticket.id}` : 'Create Ticket'}
      okText={ticket ? 'Save' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={initialOf(ticket, incidentId)}
      onSubmit={async (values) => {
        const body = ticketBody(values);
        const saved = ticket
          ? await update.mutateAsync(body)
          : await create.mutateAsync({ ...body, submit: Boolean(values.submit) });
        feedback().message.success(ticket ? REMEDIATION_MESSAGES.saved : REMEDIATION_MESSAGES.created);
        onSaved?.(saved);
      }}
    >
      <Form.Item name="cluster_id" label="Cluster" required rules={[schemaRule(fields.cluster_id)]}>
        <ClusterSelect />
      </Form.Item>
      <Form.Item name="incident_id" label="Incident" extra="Optional: the incident this remediation is for.">
        <IncidentSelect />
      </Form.Item>
      <Form.Item
        name="action"
        label="Action"
        required
        rules={[{ required: true, message: REMEDIATION_MESSAGES.actionRequired }]}
        extra={info ? `${info.description} Steps: ${info.steps.map((s) => s.title).join(' → ')}.` : undefined}
      >
        <Select options={ACTION_OPTIONS} onChange={onAction} placeholder="Choose a remediation" aria-label="Action" />
      </Form.Item>
      <ParamsFields action={action} clusterId={clusterId} />
      <Form.Item name="risk_level" label="Risk" extra={RISK_NOTE}>
        <Select options={RISK_OPTIONS} aria-label="Risk" />
      </Form.Item>
      <Form.Item name="reason" label="Reason" required rules={[schemaRule(fields.reason)]}>
        <Input.TextArea
          rows={3}
          showCount
          maxLength={REMEDIATION_REASON_MAX}
          placeholder="What is wrong, and why this remediation fixes it"
        />
      </Form.Item>
      {ticket ? null : (
        <Form.Item name="submit" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>Submit for approval at once</Checkbox>
        </Form.Item>
      )}
    </FormModal>
  );
}
