import { Form } from 'antd';
import type { FormInstance } from 'antd';
// The plain fields alone: antd's `Input` export carries Password, Search and OTP with it.
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import type { CreateReleaseChangeBody, ReleaseChange } from '@portal/contract';
import { fieldErrors } from '../../../shared/lib/ApiError';
import { useCodehostLabels, useCodehostPulls } from '../api';
import { canaryRule, contractRule, pullNumbers, trimAll } from '../lib/changeRules';
import { DeferredTagsSelect } from './DeferredTagsSelect';

/** What the change form edits; the lists are strings as the tag selects hold them. */
export interface ChangeFormValues {
  title: string;
  description: string;
  component: string;
  repository: string;
  pull_requests: string[];
  labels: string[];
  target_cluster_ids: string[];
  canary_cluster_ids: string[];
}

export const FORM_FIELDS = [
  'title',
  'description',
  'component',
  'repository',
  'pull_requests',
  'labels',
  'target_cluster_ids',
  'canary_cluster_ids',
] as const satisfies readonly (keyof ChangeFormValues)[];

/** The form's values of a change (or of a new one). */
export function changeFormValues(change?: ReleaseChange): ChangeFormValues {
  return {
    title: change?.title ?? '',
    description: change?.description ?? '',
    component: change?.component ?? '',
    repository: change?.repository ?? '',
    pull_requests: change?.pull_requests.map(String) ?? [],
    labels: change?.labels ?? [],
    target_cluster_ids: change?.target_cluster_ids ?? [],
    canary_cluster_ids: change?.canary_cluster_ids ?? [],
  };
}

/** The request body of the form's values (every field: the update page sends them all). */
export function changeBody(values: ChangeFormValues): Required<CreateReleaseChangeBody> {
  return {
    title: values.title.trim(),
    description: (values.description ?? '').trim(),
    component: values.component.trim(),
    repository: (values.repository ?? '').trim(),
    pull_requests: pullNumbers(values.pull_requests),
    labels: trimAll(values.labels),
    target_cluster_ids: trimAll(values.target_cluster_ids),
    canary_cluster_ids: trimAll(values.canary_cluster_ids),
  };
}

/**
 * Puts a 400 answer's messages on the change form's fields (`pull_requests.1` lands on `pull_requests`); returns
 * how many fields it placed messages on and the messages it could not place.
 */
export function placeChangeErrors(form: FormInstance<ChangeFormValues>, error: unknown) {
  const byField = new Map<keyof ChangeFormValues, string[]>();
  const unplaced: string[] = [];
  for (const issue of fieldErrors(error)) {
    const name = FORM_FIELDS.find((f) => f === issue.field.split('.')[0]);
    if (name) byField.set(name, [...(byField.get(name) ?? []), issue.message]);
    else unplaced.push(`${issue.field}: ${issue.message}`);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return { placed: byField.size, unplaced };
}

/**
 * The fields of a release change (the New Change dialog and the update page): title, description, component,
 * repository, pull requests (offered from the code host), labels (the code host's), target and canary clusters.
 * Each is checked with the contract's rule as the server will. `disabled` (explicit: the plain fields are imported
 * on their own and may not share the Form's context in tests) shows them read-only.
 */
export function ChangeFields({ disabled = false }: { disabled?: boolean }) {
  const labels = useCodehostLabels();
  const pulls = useCodehostPulls();
  const form = Form.useFormInstance<ChangeFormValues>();
  const targets = Form.useWatch('target_cluster_ids', form);
  return (
    <>
      <Form.Item name="title" label="Title" required rules={[contractRule('title')]}>
        <Input disabled={disabled} aria-label="Title" maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="component" label="Component" required rules={[contractRule('component')]}>
        <Input
          disabled={disabled}
          aria-label="Component"
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. tidb-operator"
        />
      </Form.Item>
      <Form.Item
        name="repository"
        label="Repository"
        rules={[contractRule('repository')]}
        extra="owner/name on the code host; empty: the code host's repository"
      >
        <Input disabled={disabled} aria-label="Repository" maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="pull_requests" label="Pull Requests" rules={[contractRule('pull_requests')]}>
        <DeferredTagsSelect
          disabled={disabled}
          aria-label="Pull Requests"
          free
          placeholder="Pull request numbers"
          loading={pulls.isLoading}
          options={(pulls.data ?? []).map((p) => ({ value: String(p.number), label: `#${p.number} ${p.title}` }))}
        />
      </Form.Item>
      <Form.Item name="labels" label="Labels" rules={[contractRule('labels')]}>
        <DeferredTagsSelect
          disabled={disabled}
          aria-label="Labels"
          free
          placeholder="Code host labels"
          loading={labels.isLoading}
          options={(labels.data ?? []).map((l) => ({ value: l.name, label: l.name }))}
        />
      </Form.Item>
      <Form.Item
        name="target_cluster_ids"
        label="Target Clusters"
        rules={[contractRule('target_cluster_ids')]}
        extra="Tenant cluster ids the deploy rolls out to; none for a platform service"
      >
        <DeferredTagsSelect disabled={disabled} aria-label="Target Clusters" free placeholder="Cluster ids" />
      </Form.Item>
      <Form.Item
        name="canary_cluster_ids"
        label="Canary Clusters"
        dependencies={['target_cluster_ids']}
        rules={[contractRule('canary_cluster_ids'), canaryRule]}
        extra="Rolled out first; among the target clusters"
      >
        <DeferredTagsSelect
          disabled={disabled}
          aria-label="Canary Clusters"
          placeholder="Cluster ids among the targets"
          options={trimAll(targets).map((id) => ({ value: id, label: id }))}
        />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[contractRule('description')]}>
        <TextArea
          disabled={disabled}
          aria-label="Description"
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={5000}
        />
      </Form.Item>
    </>
  );
}
