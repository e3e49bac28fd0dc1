import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Radio, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { APPLY_POLICY_CHOICES, CHANGE_REASON_REQUIRED, DEFAULT_APPLY_POLICY } from '@portal/contract';
import type { ApplyPolicyChoice, PreviewBody, PreviewResponse } from '@portal/contract';
import { errorMessage, isApiError } from '../../../shared/lib/ApiError';
import { showOperationError } from '../../../shared/lib/errorNotices';
import { feedback } from '../../../shared/lib/feedback';
import { useCreateChange, usePreview } from '../api';
import type { ConfigTargetType } from '../api';
import { ComponentsScope, FilesScope, VersionScope } from './ChangeScope';
import { RiskTag } from './ConfigTags';
import { changePath } from '../lib/paths';
import { StaleAlert } from './StaleAlert';
import { Text, Title } from '../../../shared/ui/Typography';

/** Spec §8 warnings. */
export const ENSURE_UPDATE_TO_TC_WARNING = 'EnsureUpdateToTC is used only for the shutdown operation.';
export const clearCustomParamsWarning = (components: string[]) =>
  `The following components will clear all their custom parameters: ${components.join(', ')}`;
export { STALE_MESSAGE } from './StaleAlert';
export const REASON_REQUIRED = CHANGE_REASON_REQUIRED;

const RISK_ORDER = ['low', 'medium', 'high'];

const isStale = (error: unknown) => isApiError(error) && error.code === 'configChange.stale';

interface CreateValues {
  apply_policy: ApplyPolicyChoice;
  reason: string;
}

function PreviewContent({
  body,
  targetType,
  preview,
  onCreated,
  onStale,
}: {
  body: PreviewBody;
  targetType: ConfigTargetType;
  preview: PreviewResponse;
  onCreated(changeId: string): void;
  onStale(): void;
}) {
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateChange(targetType);
  const { scope, apply_policies: policies } = preview.change;
  const defaultPolicy = preview.change.default_policy ?? DEFAULT_APPLY_POLICY;
  const policy = Form.useWatch('apply_policy', form) ?? defaultPolicy;
  const risks = scope.files.flatMap((f) => f.modified_parameters.map((m) => m.risk_level));
  const highest = [...risks].sort((a, b) => RISK_ORDER.indexOf(b) - RISK_ORDER.indexOf(a))[0];

  const submit = async () => {
    let values: CreateValues;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    try {
      const { change_id: id } = await create.mutateAsync({
        ...body,
        apply_policy: values.apply_policy,
        reason: values.reason.trim(),
      });
      const to = changePath(id);
      feedback().message.success({
        content: (
          <span>
            Create successful! Configuration change{' '}
            <a
              href={to}
              onClick={(e) => {
                e.preventDefault();
                navigate(to);
              }}
            >
              {id}
            </a>
          </span>
        ),
        duration: 6,
      });
      onCreated(id);
      navigate(to);
    } catch (error) {
      if (isStale(error)) onStale();
      else showOperationError(error);
    }
  };

  return (
    <>
      {scope.clear_custom_params.length ? (
        <Alert
          type="warning"
          showIcon
          title={clearCustomParamsWarning(scope.clear_custom_params)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 8 }}
        items={[
          {
            key: 'target',
            label: 'Target',
            children:
              targetType === 'tenant_init'
                ? `Init config of tenant ${body.cluster_id} (${body.cluster_type})`
                : `${body.cluster_type} ${body.cluster_id}`,
          },
          { key: 'risk', label: 'Highest Risk Level', children: highest ? <RiskTag level={highest} /> : '-' },
        ]}
      />
      {scope.version ? (
        <section aria-label="Version change" className="preview-section">
          <Title level={5}>Version</Title>
          <VersionScope scope={scope} />
        </section>
      ) : null}
      {scope.components.length ? (
        <section aria-label="Image changes" className="preview-section">
          <Title level={5}>Components</Title>
          <ComponentsScope scope={scope} />
        </section>
      ) : null}
      {scope.files.length ? (
        <section aria-label="Parameter changes" className="preview-section">
          <Title level={5}>Configuration Files</Title>
          <FilesScope scope={scope} />
        </section>
      ) : null}
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ apply_policy: defaultPolicy, reason: '' }}
        requiredMark
      >
        <Form.Item name="apply_policy" label="Apply Policy" required>
          <Radio.Group aria-label="Apply policy">
            <Flex vertical gap={6}>
              {APPLY_POLICY_CHOICES.map((choice) => {
                const option = policies.find((p) => p.policy === choice);
                const allowed = option?.allowed ?? false;
                return (
                  <Radio key={choice} value={choice} disabled={!allowed}>
                    {choice}
                    {!allowed ? (
                      <Text type="secondary" style={{ marginInlineStart: 8 }}>
                        {option?.reason ?? 'not offered for this change'}
                      </Text>
                    ) : null}
                  </Radio>
                );
              })}
            </Flex>
          </Radio.Group>
        </Form.Item>
        {policy === 'EnsureUpdateToTC' ? (
          <Alert type="warning" showIcon title={ENSURE_UPDATE_TO_TC_WARNING} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item
          name="reason"
          label="Reason"
          required
          rules={[
            {
              validator: async (_r, v: unknown) => {
                if (typeof v !== 'string' || !v.trim()) throw new Error(REASON_REQUIRED);
              },
            },
            { max: 1000, message: 'the reason should be at most 1000 characters' },
          ]}
        >
          <Input.TextArea
            aria-label="Reason"
            placeholder="Why this change is needed"
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end" gap={8}>
        <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
          Create
        </Button>
      </Flex>
    </>
  );
}

export interface ChangePreviewDrawerProps {
  open: boolean;
  /** The preview payload of the pending changes. */
  body: PreviewBody | null;
  /** Whose change it is: a cluster's (the default) or a tenant's init configuration. */
  targetType?: ConfigTargetType;
  onClose(): void;
  /** The configuration changed under the editor (409 configChange.stale): reload it. */
  onReload(): void;
  /** The change was created (the drawer already navigated to its page). */
  onCreated(changeId: string): void;
}

/**
 * The change preview (spec §7 preview): what the pending changes do — version, image tags, parameters
 * from → to with their risk — the clear-custom-params warning, the apply policy (RollingRestart,
 * HotReload, EnsureUpdateToTC; disabled ones with their reason) and a required reason; Create submits it.
 */
export function ChangePreviewDrawer({
  open,
  body,
  targetType = 'cluster',
  onClose,
  onReload,
  onCreated,
}: ChangePreviewDrawerProps) {
  const preview = usePreview(body ?? ({} as PreviewBody), open && body !== null, targetType);
  const [staleOnCreate, setStaleOnCreate] = useState(false);
  const stale = staleOnCreate || isStale(preview.error);

  const reload = () => {
    setStaleOnCreate(false);
    onReload();
  };

  let content;
  if (!body) content = null;
  else if (stale) content = <StaleAlert onReload={reload} />;
  else if (preview.isLoading) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (preview.error)
    content = (
      <Alert
        type="error"
        showIcon
        title={isApiError(preview.error) ? preview.error.code : 'Preview failed'}
        description={errorMessage(preview.error)}
        action={
          <Button size="small" onClick={() => void preview.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (preview.data)
    content = (
      <PreviewContent
        body={body}
        targetType={targetType}
        preview={preview.data}
        onCreated={onCreated}
        onStale={() => setStaleOnCreate(true)}
      />
    );

  return (
    <Drawer
      title="Preview the change"
      open={open}
      onClose={() => {
        setStaleOnCreate(false);
        onClose();
      }}
      size={860}
      destroyOnHidden
    >
      {content}
    </Drawer>
  );
}
