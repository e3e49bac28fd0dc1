import { z } from 'zod';
import { route } from './api.js';

/*
 * System settings (spec §7 Admin "GET and PUT /system-settings"): a small, typed set of portal-wide settings. Each
 * has a default, a type and a rule; only the ones changed from their default are stored (`system_settings`, one
 * jsonb value per key). GET answers every setting with its value, default and who changed it last; PUT takes any
 * subset, checks each, stores what changed and audits it (type `system_setting`, before/after per key).
 * Every setting has a reader (a setting nothing obeys is a defect): the banner is shown by the console shell above
 * every signed-in page, privilege_grant_max_days bounds the /privilege grant dialog and the grant request on the
 * server, support_session_max_minutes bounds a tenant support session (impersonation).
 */

export const MAINTENANCE_BANNER_MAX = 200;

/** What each setting is, its bounds and its help text (the form shows the help; the server checks the bounds). */
export const SYSTEM_SETTINGS = {
  maintenance_banner: {
    label: 'Maintenance banner',
    help: `Shown at the top of every console page while not empty (at most ${MAINTENANCE_BANNER_MAX} characters).`,
    default: '',
  },
  privilege_grant_max_days: {
    label: 'Longest privilege grant (days)',
    help: 'How far ahead a time-bound privilege grant (/privilege) may end: 1 to 90 days.',
    default: 30,
    min: 1,
    max: 90,
  },
  support_session_max_minutes: {
    label: 'Longest support session (minutes)',
    help: 'How long a support session in a tenant (impersonation) may last: 15 to 480 minutes.',
    default: 240,
    min: 15,
    max: 480,
  },
} as const;

export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS;
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[];

const S = SYSTEM_SETTINGS;
const whole = (key: 'privilege_grant_max_days' | 'support_session_max_minutes') => {
  const { min, max } = S[key];
  const message = `a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** One schema per setting: the rule every value must meet (on the form and on the server alike). */
export const systemSettingSchemas = {
  maintenance_banner: z
    .string({ error: 'a text' })
    .trim()
    .max(MAINTENANCE_BANNER_MAX, `at most ${MAINTENANCE_BANNER_MAX} characters`),
  privilege_grant_max_days: whole('privilege_grant_max_days'),
  support_session_max_minutes: whole('support_session_max_minutes'),
} satisfies Record<SystemSettingKey, z.ZodType>;

/** Every setting's value. */
export const systemSettingsValues = z.object(systemSettingSchemas);
export type SystemSettingsValues = z.output<typeof systemSettingsValues>;

/** The defaults, as values. */
export const SYSTEM_SETTING_DEFAULTS = Object.fromEntries(
  SYSTEM_SETTING_KEYS.map((k) => [k, S[k].default]),
) as SystemSettingsValues;

/** PUT: any subset of the settings (at least one); unknown keys are refused. */
export const updateSystemSettingsBody = z
  .strictObject(systemSettingSchemas, { error: (i) => (i.code === 'unrecognized_keys' ? 'not a setting' : undefined) })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'name at least one setting');
export type UpdateSystemSettingsBody = z.input<typeof updateSystemSettingsBody>;

export const systemSettingInfo = z.object({
  key: z.string(),
  /** Who changed it last and when; null while it has its default (never changed). */
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SystemSettingInfo = z.infer<typeof systemSettingInfo>;

export const systemSettingsSchema = z.object({
  values: systemSettingsValues,
  defaults: systemSettingsValues,
  /** One per setting, in SYSTEM_SETTING_KEYS order. */
  settings: z.array(systemSettingInfo),
  /** The most recent change of any setting, if any. */
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const SETTINGS_MESSAGES = {
  saved: 'System settings saved',
  unchanged: 'Nothing changed',
} as const;

export const settingsApi = {
  get: route({
    method: 'GET',
    path: '/api/v1/admin/system-settings',
    access: 'settings.read',
    response: systemSettingsSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/api/v1/admin/system-settings',
    access: 'admin.settings',
    body: updateSystemSettingsBody,
    response: systemSettingsSchema,
  }),
};
