import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { MAINTENANCE_BANNER_MAX, SYSTEM_SETTING_KEYS, SYSTEM_SETTINGS, settingsApi } from '@portal/contract';
import type { SystemSettingKey, SystemSettings, SystemSettingsValues } from '@portal/contract';
import { errorMessage, fieldErrors } from '../../../shared/lib/ApiError';
import { useCan } from '../../../shared/lib/useCan';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Spinner } from '../../../shared/ui/Spinner';
import { Text } from '../../../shared/ui/Typography';
import { useSaveSystemSettings, useSystemSettings } from '../api';

/*
 * A plain controlled form (no antd Form, no zod): the page stays within its JS budget. The checks are the contract's
 * bounds with the contract's words (SYSTEM_SETTINGS, settings.ts); the server checks the same and its field messages
 * land here too.
 */

type Draft = Record<SystemSettingKey, string | number>;
type Errors = Partial<Record<SystemSettingKey, string>>;

const NUMERIC = ['privilege_grant_max_days', 'support_session_max_minutes'] as const;
type NumericKey = (typeof NUMERIC)[number];
const isNumeric = (k: SystemSettingKey): k is NumericKey => (NUMERIC as readonly string[]).includes(k);

const shown = (v: unknown) => (v === '' ? 'empty' : String(v));

/** The value to send, or the contract's message when it breaks its rule. */
function parse(key: SystemSettingKey, raw: Draft[SystemSettingKey]): { value?: unknown; error?: string } {
  if (isNumeric(key)) {
    const { min, max } = SYSTEM_SETTINGS[key];
    const message = `a whole number from ${min} to ${max}`;
    const text = String(raw).trim();
    const n = Number(text);
    if (!/^-?\d+$/.test(text) || n < min || n > max) return { error: message };
    return { value: n };
  }
  // maintenance_banner
  const text = String(raw).trim();
  if (text.length > MAINTENANCE_BANNER_MAX) return { error: `at most ${MAINTENANCE_BANNER_MAX} characters` };
  return { value: text };
}

const draftOf = (v: SystemSettingsValues): Draft => ({ ...v }) as Draft;

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

function Field({
  settings,
  settingKey,
  error,
  children,
}: {
  settings: SystemSettings;
  settingKey: SystemSettingKey;
  error: string | undefined;
  children: ReactNode;
}) {
  const id = `setting-${settingKey}`;
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}>
        {SYSTEM_SETTINGS[settingKey].label}
      </label>
      {children}
      {error ? (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', marginTop: 4 }}>
          {error}
        </div>
      ) : null}
      <Flex vertical style={{ marginTop: 4 }}>
        <Text type="secondary">{SYSTEM_SETTINGS[settingKey].help}</Text>
        <Changed settings={settings} settingKey={settingKey} />
      </Flex>
    </div>
  );
}

function SettingsForm({ settings }: { settings: SystemSettings }) {
  const can = useCan();
  const editable = can(settingsApi.update);
  const save = useSaveSystemSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings.values));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  // A save (or another admin's change, on reload) brings new values: the form starts from them.
  useEffect(() => {
    setDraft(draftOf(settings.values));
    setErrors({});
  }, [settings.values]);

  const changed = SYSTEM_SETTING_KEYS.filter((k) => String(draft[k]).trim() !== String(settings.values[k]));
  const set = (key: SystemSettingKey, value: Draft[SystemSettingKey]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    setFailure(null);
    const body: Record<string, unknown> = {};
    const found: Errors = {};
    for (const key of changed) {
      const { value, error } = parse(key, draft[key]);
      if (error) found[key] = error;
      else body[key] = value;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(body);
    } catch (error) {
      const placed: Errors = {};
      const rest: string[] = [];
      for (const issue of fieldErrors(error)) {
        const key = issue.field.replace(/^body\./, '') as SystemSettingKey;
        if ((SYSTEM_SETTING_KEYS as string[]).includes(key)) placed[key] = issue.message;
        else rest.push(`${issue.field}: ${issue.message}`);
      }
      setErrors(placed);
      if (!Object.keys(placed).length || rest.length) setFailure(rest.join('; ') || errorMessage(error));
    }
  };

  const control = (key: SystemSettingKey) => {
    const id = `setting-${key}`;
    const disabled = !editable;
    const invalid = errors[key] ? ('error' as const) : undefined;
    if (key === 'maintenance_banner')
      return (
        <Input
          id={id}
          disabled={disabled}
          status={invalid}
          value={String(draft[key])}
          onChange={(e) => set(key, e.target.value)}
          showCount={{ formatter: ({ count }) => `${count} / ${MAINTENANCE_BANNER_MAX}` }}
          placeholder="No banner"
          style={{ maxWidth: 640 }}
        />
      );
    const { min, max } = SYSTEM_SETTINGS[key];
    return (
      <Input
        id={id}
        inputMode="numeric"
        disabled={disabled}
        status={invalid}
        value={String(draft[key])}
        onChange={(e) => set(key, e.target.value)}
        placeholder={`${min} to ${max}`}
        style={{ width: 160 }}
      />
    );
  };

  return (
    <form
      aria-label="System settings"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      style={{ maxWidth: 720 }}
    >
      {SYSTEM_SETTING_KEYS.map((key) => (
        <Field key={key} settings={settings} settingKey={key} error={errors[key]}>
          {control(key)}
        </Field>
      ))}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {editable ? (
        <Flex gap={8} align="center">
          <Button type="primary" htmlType="submit" disabled={!changed.length} loading={save.isPending}>
            Save
          </Button>
          <Button
            disabled={!changed.length || save.isPending}
            onClick={() => {
              setDraft(draftOf(settings.values));
              setErrors({});
            }}
          >
            Discard changes
          </Button>
          {changed.length ? (
            <Text type="secondary">
              {changed.length} unsaved change{changed.length === 1 ? '' : 's'}
            </Text>
          ) : null}
        </Flex>
      ) : (
        <Text type="secondary">Changing the system settings needs the privilege admin.settings.</Text>
      )}
    </form>
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
