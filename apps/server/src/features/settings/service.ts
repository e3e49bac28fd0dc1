import { inArray } from 'drizzle-orm';
import {
  SYSTEM_SETTING_DEFAULTS,
  SYSTEM_SETTING_KEYS,
  systemSettingSchemas,
  type SystemSettingKey,
  type SystemSettings,
  type SystemSettingsValues,
  type UpdateSystemSettingsBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { writeAudit } from '../../platform/audit.js';
import { systemSettings } from '../../platform/schema.js';
import { isoOrNull } from '../../platform/time.js';

type Row = typeof systemSettings.$inferSelect;

/**
 * A stored value that no longer meets its rule (a release narrowed it, or someone edited the table) reads as the
 * default, so every reader gets a value of the right type within its bounds.
 */
function valueOf<K extends SystemSettingKey>(key: K, row: Row | undefined): SystemSettingsValues[K] {
  if (!row) return SYSTEM_SETTING_DEFAULTS[key];
  const parsed = systemSettingSchemas[key].safeParse(row.value);
  return (parsed.success ? parsed.data : SYSTEM_SETTING_DEFAULTS[key]) as SystemSettingsValues[K];
}

/** One setting's current value (its default unless changed): for the features that obey one. */
export async function getSetting<K extends SystemSettingKey>(db: Db, key: K): Promise<SystemSettingsValues[K]> {
  const [row] = await db
    .select()
    .from(systemSettings)
    .where(inArray(systemSettings.key, [key]))
    .limit(1);
  return valueOf(key, row);
}

function settingsOut(rows: Row[]): SystemSettings {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const values = Object.fromEntries(
    SYSTEM_SETTING_KEYS.map((k) => [k, valueOf(k, byKey.get(k))]),
  ) as SystemSettingsValues;
  const settings = SYSTEM_SETTING_KEYS.map((k) => {
    const r = byKey.get(k);
    return { key: k, updated_by: r?.updatedBy ?? null, updated_at: isoOrNull(r?.updatedAt) };
  });
  const last = rows
    .filter((r) => (SYSTEM_SETTING_KEYS as string[]).includes(r.key))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  return {
    values,
    defaults: { ...SYSTEM_SETTING_DEFAULTS },
    settings,
    updated_by: last?.updatedBy ?? null,
    updated_at: isoOrNull(last?.updatedAt),
  };
}

export async function getSettings(db: Db): Promise<SystemSettings> {
  return settingsOut(await db.select().from(systemSettings).where(inArray(systemSettings.key, SYSTEM_SETTING_KEYS)));
}

/**
 * Stores the settings of `body` whose value changed (the contract checked each), one audit row per change (type
 * system_setting, instance = the key, before/after). Nothing changed: no write, no audit.
 */
export async function updateSettings(
  db: Db,
  operator: string,
  body: Partial<SystemSettingsValues> & UpdateSystemSettingsBody,
): Promise<SystemSettings> {
  return db.transaction(async (tx) => {
    const keys = SYSTEM_SETTING_KEYS.filter((k) => body[k] !== undefined);
    const rows = await tx.select().from(systemSettings).where(inArray(systemSettings.key, keys)).for('update');
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const now = new Date();
    for (const key of keys) {
      const before = valueOf(key, byKey.get(key));
      const after = body[key]!;
      if (before === after) continue;
      await tx
        .insert(systemSettings)
        .values({ key, value: after, updatedBy: operator, updatedAt: now })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: after, updatedBy: operator, updatedAt: now } });
      await writeAudit(tx, {
        type: 'system_setting',
        instanceId: key,
        operator,
        operation: 'update_setting',
        details: { before: { [key]: before }, after: { [key]: after } },
      });
    }
    return getSettings(tx);
  });
}
