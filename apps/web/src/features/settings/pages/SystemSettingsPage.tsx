import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import {
  MAINTENANCE_BANNER_MAX,
  PAGE_SIZE_OPTIONS,
  SYSTEM_SETTING_KEYS,
  SYSTEM_SETTINGS,
  settingsApi,
  systemSettingSchemas,
} from '@portal/contract';
import type { SystemSettingKey, SystemSettings, SystemSettingsValues } from '@portal/contract';
import { errorMessage } from '../../../shared/lib/ApiError';
import { applyFieldErrors, schemaRule } from '../../../shared/lib/formRules';
import { useCan } from '../../../shared/lib/useCan';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Spinner } from '../../../shared/ui/Spinner';
import { Text } from '../../../shared/ui/Typography';
import { useSaveSystemSettings, useSystemSettings } from '../api';

const shown = (v: unknown) => (typeof v === 'boolean' ? (v ? 'on' : 'off') : v === '' ? 'empty' : String(v));

function control(key: SystemSettingKey, disabled: boolean) {
  const label = SYSTEM_SETTINGS[key].label;
  switch (key) {
    case 'maintenance_banner':
      return (
        <Input
          aria-label={label}
          disabled={disabled}
          maxLength={MAINTENANCE_BANNER_MAX}
          showCount
          placeholder="No banner"
        />
      );
    case 'approval_required_for_prod':
      return <Switch aria-label={label} disabled={disabled} />;
    case 'default_page_size':
      return (
        <Select
          aria-label={label}
          disabled={disabled}
          style={{ width: 120 }}
          options={PAGE_SIZE_OPTIONS.map((n) => ({ value: n, label: String(n) }))}
        />
      );
    default: {
      const s = SYSTEM_SETTINGS[key];
      return (
        <InputNumber
          aria-label={label}
          disabled={disabled}
          // No min/max: a value out of range stays as typed and the rule says what is allowed.
          placeholder={`${s.min} to ${s.max}`}
          style={{ width: 160 }}
        />
      );
    }
  }
}

/** Who changed a setting last, or that it has its default. */
function Changed({ settings, settingKey }: { settings: SystemSettings; settingKey: SystemSettingKey }) {
  const info = settings.settings.find((s) => s.key === settingKey);
  if (!info?.updated_by)
    return <Text type="secondary">Default ({shown(settings.defaults[settingKey])}), never changed</Text>;
  return (
    <Text type="secondary">
      Changed by {info.updated_by} on <DateText value={info.updated_at} withTime />; default{' '}
      {shown(settings.defaults[settingKey])}
    </Text>
  );
}

function SettingsForm({ settings }: { settings: SystemSettings }) {
  const can = useCan();
  const editable = can(settingsApi.update);
  const [form] = Form.useForm<SystemSettingsValues>();
  const save = useSaveSystemSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Partial<SystemSettingsValues> | undefined;
  const changed = SYSTEM_SETTING_KEYS.filter(
    (k) => values && values[k] !== undefined && values[k] !== settings.values[k],
  );

  // A save (or another admin's change, on reload) brings new values: the form starts from them.
  useEffect(() => form.setFieldsValue(settings.values), [form, settings.values]);

  const submit = async (all: SystemSettingsValues) => {
    setFailure(null);
    const body = Object.fromEntries(
      changed.map((k) => [k, k === 'maintenance_banner' ? String(all[k]).trim() : all[k]]),
    );
    try {
      await save.mutateAsync(body);
    } catch (error) {
      const { placed, unplaced } = applyFieldErrors(form as never, error);
      if (!placed || unplaced.length) setFailure(unplaced.join('; ') || errorMessage(error));
    }
  };

  return (
    <Form<SystemSettingsValues>
      form={form}
      layout="vertical"
      initialValues={settings.values}
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 720 }}
      aria-label="System settings"
    >
      {SYSTEM_SETTING_KEYS.map((key) => (
        <Form.Item
          key={key}
          name={key}
          label={SYSTEM_SETTINGS[key].label}
          valuePropName={key === 'approval_required_for_prod' ? 'checked' : 'value'}
          rules={[schemaRule(systemSettingSchemas[key])]}
          extra={
            <Flex vertical>
              <span>{SYSTEM_SETTINGS[key].help}</span>
              <Changed settings={settings} settingKey={key} />
            </Flex>
          }
        >
          {control(key, !editable)}
        </Form.Item>
      ))}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {editable ? (
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" disabled={!changed.length} loading={save.isPending}>
            Save
          </Button>
          <Button disabled={!changed.length || save.isPending} onClick={() => form.setFieldsValue(settings.values)}>
            Discard changes
          </Button>
          {changed.length ? (
            <Text type="secondary" style={{ alignSelf: 'center' }}>
              {changed.length} unsaved change{changed.length === 1 ? '' : 's'}
            </Text>
          ) : null}
        </Flex>
      ) : (
        <Text type="secondary">Changing the system settings needs the privilege admin.settings.</Text>
      )}
    </Form>
  );
}

/**
 * /settings/system: the portal's typed system settings, each with its help, its default and who changed it last;
 * Save (admin.settings) sends only what changed, and every change is audited.
 */
export function SystemSettingsPage() {
  const query = useSystemSettings();
  const settings = query.data;
  return (
    <>
      <PageHeader
        title="System settings"
        description={
          settings?.updated_by ? (
            <>
              Last changed by {settings.updated_by} on <DateText value={settings.updated_at} withTime />.
            </>
          ) : (
            'Portal-wide settings; every change is audited.'
          )
        }
      />
      <Panel>
        {settings ? (
          <SettingsForm settings={settings} />
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Spinner />
        )}
      </Panel>
    </>
  );
}
