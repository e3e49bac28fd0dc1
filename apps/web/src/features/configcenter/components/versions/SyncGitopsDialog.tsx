import { Form, Input } from 'antd';
import { GITOPS_DEFAULTS, syncFromGitopsBody } from '@portal/contract';
import { schemaRule } from '../../../../shared/lib/formRules';
import { useSyncFromGitops } from '../../api/versions';
import { FormModal } from '../../../../shared/ui/FormModal';
import { parseVersion } from './labels';

interface Values {
  gitops_branch: string;
  min_version?: string;
  max_version: string;
  tier_branch?: string;
  reason: string;
}

export const BRANCH_REQUIRED = 'gitops branch is required';
export const VERSION_SHAPE = 'a version looks like v8.1.1';

const fields = syncFromGitopsBody.shape;
/** An optional version bound: empty, or `vX.Y.Z`. */
const versionBound = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if (value?.trim() && !parseVersion(value)) throw new Error(VERSION_SHAPE);
  },
};
const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Sync from Gitops (spec §2 /version, §7 Sync versions from gitops): the branch (default 3layer-prod), an optional
 * min version, the max version (default v99.99.99), the tier branch and a required reason. The server adds the
 * versions the branch lists in that range as an operation, whose id goes to `onDone`.
 */
export function SyncGitopsDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(operationId: string): void;
}) {
  const [form] = Form.useForm<Values>();
  const sync = useSyncFromGitops();
  return (
    <FormModal<Values>
      inlineErrors={false}
      title="Sync from Gitops"
      okText="Sync"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ gitops_branch: GITOPS_DEFAULTS.branch, max_version: GITOPS_DEFAULTS.maxVersion }}
      onSubmit={async (values) => {
        const out = await sync.mutateAsync({
          gitops_branch: values.gitops_branch.trim(),
          min_version: blankToUndefined(values.min_version),
          max_version: blankToUndefined(values.max_version) ?? GITOPS_DEFAULTS.maxVersion,
          tier_branch: blankToUndefined(values.tier_branch),
          reason: values.reason.trim(),
        });
        onDone(out.instance_id);
      }}
    >
      <Form.Item
        name="gitops_branch"
        label="Gitops branch"
        required
        rules={[{ required: true, whitespace: true, message: BRANCH_REQUIRED }]}
      >
        <Input aria-label="Gitops branch" autoComplete="off" />
      </Form.Item>
      <Form.Item name="min_version" label="Min version" rules={[versionBound]} extra="Optional: no lower bound.">
        <Input aria-label="Min version" placeholder="v6.5.0" autoComplete="off" />
      </Form.Item>
      <Form.Item name="max_version" label="Max version" rules={[versionBound]}>
        <Input aria-label="Max version" autoComplete="off" />
      </Form.Item>
      <Form.Item name="tier_branch" label="Tier branch">
        <Input aria-label="Tier branch" autoComplete="off" />
      </Form.Item>
      <Form.Item name="reason" label="Reason" required rules={[schemaRule(fields.reason)]}>
        <Input.TextArea aria-label="Reason" rows={3} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}
