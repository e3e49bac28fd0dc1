import { Form, Radio, Select } from 'antd';
import { IAM_SUBJECT_LABELS, IAM_SUBJECT_TYPES } from '@portal/contract';
import type { IamBindingKind, IamSubjectType } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useApiKeys, useCreateBinding, useIamRoles, useIamUsers, usePolicies, useUserGroups } from '../api';

interface Values {
  kind: IamBindingKind;
  target: string;
  subject_type: IamSubjectType;
  subject: string;
}

export interface AddBindingDialogProps {
  open: boolean;
  onClose(): void;
  /** What the page fixes: a role's or a policy's page fixes the kind and target; a subject's page the subject. */
  fixed: Partial<Values>;
}

const ALL = { page: 1, per_page: 100 } as const;

function useOptions(kind: IamBindingKind | undefined, type: IamSubjectType | undefined) {
  const roles = useIamRoles(ALL);
  const policies = usePolicies(ALL);
  const users = useIamUsers(ALL);
  const groups = useUserGroups(ALL);
  const keys = useApiKeys({ ...ALL, status: 'active' });
  const targets = kind === 'policy' ? policies.data?.items : roles.data?.items;
  const subjects =
    type === 'user'
      ? users.data?.items.map((u) => ({ value: u.email, label: `${u.name} (${u.email})` }))
      : type === 'group'
        ? groups.data?.items.map((g) => ({ value: g.name, label: g.name }))
        : type === 'apikey'
          ? keys.data?.items.map((k) => ({ value: k.name, label: `${k.name} (role ${k.role})` }))
          : [];
  return {
    targets: targets?.map((t) => ({ value: t.name, label: t.description ? `${t.name} — ${t.description}` : t.name })),
    subjects,
    loading: roles.isLoading || policies.isLoading || users.isLoading || groups.isLoading || keys.isLoading,
  };
}

/** Binds a role or a policy to a user, a user group or an API key (the server checks each exists). */
export function AddBindingDialog({ open, onClose, fixed }: AddBindingDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateBinding();
  const kind = (Form.useWatch('kind', form) ?? fixed.kind) as IamBindingKind | undefined;
  const type = (Form.useWatch('subject_type', form) ?? fixed.subject_type) as IamSubjectType | undefined;
  const options = useOptions(kind, type);
  const noun = kind === 'policy' ? 'policy' : 'role';

  return (
    <FormModal<Values>
      title={fixed.kind ? `Bind the ${fixed.kind} ${fixed.target}` : 'Add Binding'}
      open={open}
      onClose={onClose}
      form={form}
      okText="Bind"
      initialValues={{ kind: 'role', subject_type: 'user', ...fixed }}
      onSubmit={async (v) => {
        const values = { ...fixed, ...v } as Values;
        const subject = { subject_type: values.subject_type, subject: values.subject };
        await create.mutateAsync(
          values.kind === 'role'
            ? { kind: 'role', role: values.target, ...subject }
            : { kind: 'policy', policy: values.target, ...subject },
        );
        feedback().message.success(`The ${values.kind} ${values.target} is bound to ${values.subject}`);
      }}
    >
      {fixed.kind ? null : (
        <Form.Item name="kind" label="Bind a">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'role', label: 'Role' },
              { value: 'policy', label: 'Policy' },
            ]}
            onChange={() => form.setFieldValue('target', undefined)}
          />
        </Form.Item>
      )}
      {fixed.target ? null : (
        <Form.Item
          name="target"
          label={noun === 'role' ? 'Role' : 'Policy'}
          rules={[{ required: true, message: 'required' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={noun === 'role' ? 'Role' : 'Policy'}
            placeholder={`Select a ${noun}`}
            options={options.targets}
            loading={options.loading}
          />
        </Form.Item>
      )}
      {fixed.subject_type ? null : (
        <Form.Item name="subject_type" label="To a">
          <Radio.Group
            optionType="button"
            options={IAM_SUBJECT_TYPES.map((t) => ({ value: t, label: IAM_SUBJECT_LABELS[t] }))}
            onChange={() => form.setFieldValue('subject', undefined)}
          />
        </Form.Item>
      )}
      {fixed.subject ? null : (
        <Form.Item
          name="subject"
          label={type ? IAM_SUBJECT_LABELS[type] : 'Subject'}
          rules={[{ required: true, message: 'required' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={type ? IAM_SUBJECT_LABELS[type] : 'Subject'}
            placeholder="Select"
            options={options.subjects}
            loading={options.loading}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
