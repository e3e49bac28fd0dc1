import type { Db } from '../../platform/db.js';
import * as repo from './repo.js';

/**
 * The PD configuration the portal models: PD's defaults (v7/v8), which keys `pd-ctl config set` may change, and how
 * their values are checked and written (as pd-ctl prints them). A cluster stores only what differs from the defaults.
 */

type PdType = 'int' | 'float' | 'duration' | 'bool' | 'enum';
interface PdKey {
  section: 'schedule' | 'replication';
  type: PdType;
  default: string;
  settable: boolean;
  min?: number;
  max?: number;
  values?: string[];
}

export const PD_KEYS: Record<string, PdKey> = {
  'max-replicas': { section: 'replication', type: 'int', default: '3', settable: false },
  'location-labels': { section: 'replication', type: 'enum', default: 'zone,host', settable: false },
  'enable-placement-rules': { section: 'replication', type: 'bool', default: 'true', settable: false },
  'leader-schedule-limit': { section: 'schedule', type: 'int', default: '4', settable: true, min: 1, max: 1024 },
  'region-schedule-limit': { section: 'schedule', type: 'int', default: '2048', settable: true, min: 1, max: 65536 },
  'replica-schedule-limit': { section: 'schedule', type: 'int', default: '64', settable: true, min: 1, max: 1024 },
  'merge-schedule-limit': { section: 'schedule', type: 'int', default: '8', settable: true, min: 0, max: 1024 },
  'hot-region-schedule-limit': { section: 'schedule', type: 'int', default: '4', settable: true, min: 0, max: 1024 },
  'max-pending-peer-count': { section: 'schedule', type: 'int', default: '64', settable: true, min: 1, max: 100000 },
  'max-snapshot-count': { section: 'schedule', type: 'int', default: '64', settable: true, min: 1, max: 100000 },
  'max-merge-region-size': { section: 'schedule', type: 'int', default: '20', settable: true, min: 0, max: 10240 },
  'max-merge-region-keys': {
    section: 'schedule',
    type: 'int',
    default: '200000',
    settable: true,
    min: 0,
    max: 100000000,
  },
  'max-store-down-time': {
    section: 'schedule',
    type: 'duration',
    default: '30m0s',
    settable: true,
    min: 60,
    max: 7 * 86400,
  },
  'split-merge-interval': {
    section: 'schedule',
    type: 'duration',
    default: '1h0m0s',
    settable: true,
    min: 1,
    max: 7 * 86400,
  },
  'low-space-ratio': { section: 'schedule', type: 'float', default: '0.8', settable: true, min: 0.5, max: 0.99 },
  'high-space-ratio': { section: 'schedule', type: 'float', default: '0.7', settable: true, min: 0.1, max: 0.95 },
  'leader-schedule-policy': {
    section: 'schedule',
    type: 'enum',
    default: 'count',
    settable: true,
    values: ['count', 'size'],
  },
  'enable-cross-table-merge': { section: 'schedule', type: 'bool', default: 'true', settable: true },
};

export const SETTABLE_PD_KEYS = Object.keys(PD_KEYS).filter((k) => PD_KEYS[k]!.settable);

/** `1h30m` → seconds, or undefined when it is not a Go duration of hours, minutes and seconds. */
function durationSeconds(v: string): number | undefined {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(v);
  if (!m || v === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
function goDuration(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h}h${m}m${s}s` : m ? `${m}m${s}s` : `${s}s`;
}

/** The value as PD would store and print it, or an error message. */
export function normalizePdValue(key: string, raw: string): { value: string } | { error: string } {
  const spec = PD_KEYS[key];
  if (!spec?.settable) return { error: `${key} cannot be set here; settable keys: ${SETTABLE_PD_KEYS.join(', ')}` };
  const range = `between ${spec.min} and ${spec.max}`;
  switch (spec.type) {
    case 'int': {
      if (!/^\d+$/.test(raw) || Number(raw) < spec.min! || Number(raw) > spec.max!)
        return { error: `${key} should be an integer ${range}` };
      return { value: String(Number(raw)) };
    }
    case 'float': {
      const n = Number(raw);
      if (!/^\d*\.?\d+$/.test(raw) || n < spec.min! || n > spec.max!)
        return { error: `${key} should be a number ${range}` };
      return { value: String(n) };
    }
    case 'duration': {
      const s = durationSeconds(raw);
      if (s === undefined || s < spec.min! || s > spec.max!)
        return {
          error: `${key} should be a duration like 30m or 1h0m0s, ${goDuration(spec.min!)} to ${goDuration(spec.max!)}`,
        };
      return { value: goDuration(s) };
    }
    case 'bool':
      return raw === 'true' || raw === 'false' ? { value: raw } : { error: `${key} should be true or false` };
    case 'enum':
      return spec.values!.includes(raw)
        ? { value: raw }
        : { error: `${key} should be one of ${spec.values!.join(', ')}` };
  }
}

/** Every modelled key with the cluster's value (its override, else PD's default). */
export async function getPdConfig(db: Db, clusterId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = Object.fromEntries(Object.entries(PD_KEYS).map(([k, v]) => [k, v.default]));
  for (const o of await repo.selectPdConfigOverrides(db, clusterId)) if (o.key in out) out[o.key] = o.value;
  return out;
}

/** Writes one normalized value (a default value drops the override). Returns the value before. */
export async function setPdConfigValue(
  tx: Db,
  clusterId: string,
  key: string,
  value: string,
  who: string,
): Promise<string> {
  const before = (await getPdConfig(tx, clusterId))[key]!;
  if (value === PD_KEYS[key]!.default) await repo.deletePdConfig(tx, clusterId, key);
  else await repo.upsertPdConfig(tx, clusterId, key, value, who);
  return before;
}

/** `config show` as pd-ctl prints it: numbers and booleans typed, durations and lists as strings. */
export function pdConfigJson(
  values: Record<string, string>,
  section?: 'schedule' | 'replication',
): Record<string, unknown> {
  const typed = (k: string, v: string): unknown => {
    const t = PD_KEYS[k]!.type;
    return t === 'int' || t === 'float' ? Number(v) : t === 'bool' ? v === 'true' : v;
  };
  const group = (s: 'schedule' | 'replication') =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([k]) => PD_KEYS[k]?.section === s)
        .map(([k, v]) => [k, typed(k, v)]),
    );
  if (section) return group(section);
  return { replication: group('replication'), schedule: group('schedule') };
}
