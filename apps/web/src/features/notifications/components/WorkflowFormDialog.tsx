import { Checkbox, Form, Input, Select, Switch } from 'antd';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_NAME_MAX,
  NOTIFICATION_PLACEHOLDER_HELP,
  NOTIFICATION_PLACEHOLDERS,
  NOTIFICATION_SUBJECT_MAX,
  NOTIFICATION_TRIGGERS,
  notificationWorkflowBody,
  PORTAL_EVENT_LABELS,
  PORTAL_ROLES,
  renderNotificationTemplate,
} from '@portal/contract';
import type { NotificationWorkflow } from '@portal/contract';
import type { Rule } from 'antd/es/form';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateWorkflow, useUpdateWorkflow } from '../api';
import type { WorkflowFormValues } from '../lib/workflowForm';
import { bodyOf, formValuesOf, needsAudience, NEW_WORKFLOW_VALUES, sampleValues } from '../lib/workflowForm';
import '../notifications.css';

const fields = notificationWorkflowBody.shape;
const audienceFields = fields.audience.unwrap().shape;
const M = NOTIFICATION_MESSAGES;

const TRIGGERS = NOTIFICATION_TRIGGERS.map((t) => ({ value: t, label: PORTAL_EVENT_LABELS[t] }));
const CHANNELS = NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: NOTIFICATION_CHANNEL_LABELS[c] }));
const ROLES = PORTAL_ROLES.map((r) => ({ value: r, label: r }));

/** Email and in-portal messages need people: users, roles or the event's own recipients (the server's rule). */
const audienceRule: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, checked: boolean | undefined) => {
    const users = (getFieldValue('users') as string[] | undefined) ?? [];
    const roles = (getFieldValue('roles') as string[] | undefined) ?? [];
    if (needsAudience(getFieldValue('channels') as string[]) && !users.length && !roles.length && !checked)
      throw new Error(M.audienceRequired);
  },
});

function Placeholders() {
  return (
    <span className="wf-placeholders">
      Placeholders:{' '}
      {NOTIFICATION_PLACEHOLDERS.map((p) => (
        <code key={p} title={NOTIFICATION_PLACEHOLDER_HELP[p]}>{`{{${p}}}`}</code>
      ))}
    </span>
  );
}

/** The message as an example event of the chosen kind would render it (the server renders with the same code). */
function Preview() {
  const form = Form.useFormInstance<WorkflowFormValues>();
  const [name, trigger, subject, body] = [
    Form.useWatch('name', form),
    Form.useWatch('trigger', form),
    Form.useWatch('subject', form),
    Form.useWatch('body', form),
  ];
  const values = sampleValues(trigger, name ?? '', window.location.origin);
  return (
    <section className="wf-preview" aria-label="Preview">
      <div className="wf-preview-label">
        Preview, with an example {PORTAL_EVENT_LABELS[trigger ?? 'approval.pending']}
      </div>
      <div className="wf-preview-subject">
        {renderNotificationTemplate(subject ?? '', values, { singleLine: true })}
      </div>
      <div className="wf-preview-body">{renderNotificationTemplate(body ?? '', values)}</div>
    </section>
  );
}

export interface WorkflowFormDialogProps {
  open: boolean;
  onClose(): void;
  /** The workflow to edit; a new one without. */
  workflow?: NotificationWorkflow;
  /** After it was saved (e.g. to open a new workflow's page). */
  onSaved?(workflow: NotificationWorkflow): void;
}

/**
 * Create or edit a notification workflow: name, trigger, channels, template (subject and body with placeholders, and
 * a live preview), audience, chat webhook, enabled. The fields validate with the contract's rules first (the server's
 * messages); the server's refusals land on their fields or in the dialog.
 */
export function WorkflowFormDialog({ open, onClose, workflow, onSaved }: WorkflowFormDialogProps) {
  const [form] = Form.useForm<WorkflowFormValues>();
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow(workflow?.id ?? '');
  const channels = Form.useWatch('channels', form);
  const removeWebhook = Form.useWatch('remove_webhook', form);
  const chat = (channels ?? []).includes('chat');
  return (
    <FormModal<WorkflowFormValues>
      title={workflow ? `Edit Workflow ${workflow.name}` : 'Create Workflow'}
      okText={workflow ? 'Save' : 'Create'}
      width={720}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={workflow ? formValuesOf(workflow) : NEW_WORKFLOW_VALUES}
      onSubmit={async (values) => {
        const body = bodyOf(values, workflow);
        const saved = workflow ? await update.mutateAsync(body) : await create.mutateAsync(body);
        feedback().message.success(workflow ? M.saved : M.created);
        onSaved?.(saved);
      }}
    >
      <Form.Item name="name" label="Name" required rules={[schemaRule(fields.name)]}>
        <Input maxLength={NOTIFICATION_NAME_MAX} placeholder="e.g. Approvals to the approvers" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[schemaRule(fields.description)]}>
        <Input.TextArea rows={2} placeholder="What it is for, who owns it" />
      </Form.Item>
      <Form.Item
        name="trigger"
        label="Trigger"
        required
        rules={[schemaRule(fields.trigger)]}
        extra="The portal event that starts this workflow."
      >
        <Select options={TRIGGERS} placeholder="Choose an event" aria-label="Trigger" />
      </Form.Item>
      <Form.Item name="channels" label="Channels" required rules={[schemaRule(fields.channels)]}>
        <Checkbox.Group options={CHANNELS} aria-label="Channels" />
      </Form.Item>
      <Form.Item
        name="subject"
        label="Subject"
        required
        rules={[schemaRule(fields.subject)]}
        extra="The email subject, the chat message's title, the inbox item's title."
      >
        <Input maxLength={NOTIFICATION_SUBJECT_MAX} />
      </Form.Item>
      <Form.Item name="body" label="Body" required rules={[schemaRule(fields.body)]} extra={<Placeholders />}>
        <Input.TextArea rows={4} maxLength={NOTIFICATION_BODY_MAX} />
      </Form.Item>
      <Preview />
      <fieldset className="wf-fieldset">
        <legend>Audience</legend>
        <Form.Item
          name="users"
          label="Users"
          rules={[schemaRule(audienceFields.users)]}
          extra="Email goes to anyone; the in-portal inbox to portal users only."
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ', ';']}
            notFoundContent={null}
            placeholder="Emails, e.g. oncall@example.com"
            aria-label="Users"
          />
        </Form.Item>
        <Form.Item name="roles" label="Roles" extra="Every enabled portal user with one of these roles.">
          <Select mode="multiple" options={ROLES} placeholder="Any of these roles" aria-label="Roles" />
        </Form.Item>
        <Form.Item
          name="event_recipients"
          valuePropName="checked"
          dependencies={['channels', 'users', 'roles']}
          rules={[audienceRule]}
        >
          <Checkbox>The event&apos;s recipients (e.g. the approvers whose turn it is)</Checkbox>
        </Form.Item>
      </fieldset>
      {chat ? (
        <fieldset className="wf-fieldset">
          <legend>Chat</legend>
          <Form.Item
            name="chat_webhook_url"
            label="Chat webhook URL"
            rules={[schemaRule(fields.chat_webhook_url)]}
            extra={
              workflow?.chat_webhook_url
                ? `Now: ${workflow.chat_webhook_url}. Leave empty to keep it.`
                : 'An incoming-webhook URL (Feishu/Lark, Slack-compatible); empty: the portal’s configured chat.'
            }
          >
            <Input placeholder="https://…" disabled={Boolean(removeWebhook)} />
          </Form.Item>
          {workflow?.chat_webhook_url ? (
            <Form.Item name="remove_webhook" valuePropName="checked">
              <Checkbox>Remove the webhook (use the portal&apos;s configured chat)</Checkbox>
            </Form.Item>
          ) : null}
          <Form.Item name="chat_name" label="Chat name" rules={[schemaRule(fields.chat_name)]}>
            <Input maxLength={100} placeholder="e.g. #sre-oncall" />
          </Form.Item>
        </fieldset>
      ) : null}
      <Form.Item name="enabled" label="Enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
