import { asc, eq, inArray } from 'drizzle-orm';
import {
  CONFIG_ENVIRONMENTS,
  type CloudProvider,
  type ClusterType,
  type ConfigEnvironment,
  type ConfigType,
} from '@portal/contract';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import {
  ccDefaultCases,
  ccInstanceTypes,
  ccReleased,
  ccTemplates,
  ccVersions,
} from '../features/configcenter/schema.js';
import { SEED_VERSIONS } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';
import {
  DAY,
  MINUTE,
  SEED_CONFIG_TYPES,
  COMPONENT_OF,
  templateName,
  minorOf,
  parametersOf,
  asParameters,
  variantFor,
  caseKey,
  AHEAD,
  CUSTOM_TEMPLATES,
  type Variant,
  type CaseSpec,
} from './configcenter-data.js';

/** The config center's templates, default cases and what each environment released (seed/configcenter.ts). */

/** Released per environment: (env, default case id) → template id. */
type Bindings = { environment: ConfigEnvironment; caseId: number; templateId: number }[];

export async function seedTemplatesAndCases(tx: Db): Promise<void> {
  // The versions and instance types the versions seed created (the catalogue's versions when it has not run).
  const versions = await tx
    .select({ clusterType: ccVersions.clusterType, version: ccVersions.version })
    .from(ccVersions)
    .orderBy(asc(ccVersions.clusterType), asc(ccVersions.createdAt), asc(ccVersions.version));
  const versionsOf = (ct: ClusterType) => {
    const own = versions.filter((v) => v.clusterType === ct).map((v) => v.version);
    return own.length ? own : SEED_VERSIONS.map((v) => v.version);
  };
  const instances = await tx
    .select()
    .from(ccInstanceTypes)
    .orderBy(asc(ccInstanceTypes.clusterType), asc(ccInstanceTypes.cloudProvider), asc(ccInstanceTypes.instanceType));
  const releasedVersions = await tx
    .select({ environment: ccReleased.environment, key: ccReleased.key })
    .from(ccReleased)
    .where(eq(ccReleased.kind, 'version'));
  const envsOf = (ct: string, version: string): ConfigEnvironment[] => {
    const envs = releasedVersions.filter((r) => r.key === `${ct}:${version}`).map((r) => r.environment);
    return envs.length ? CONFIG_ENVIRONMENTS.filter((e) => envs.includes(e)) : [...CONFIG_ENVIRONMENTS];
  };

  // Default cases: Any per config type; per instance type serving the config type's component (tidb, tikv, tiflash);
  // per provider for PD (dedicated) and TiCDC.
  const cases: CaseSpec[] = [];
  for (const [ct, configTypes] of Object.entries(SEED_CONFIG_TYPES) as [ClusterType, ConfigType[]][]) {
    for (const version of versionsOf(ct)) {
      for (const configType of configTypes) {
        cases.push({
          clusterType: ct,
          version,
          cloudProvider: null,
          instanceType: null,
          configType,
          variant: 'default',
        });
        if (configType === 'tidb' || configType === 'tikv' || configType === 'tiflash')
          for (const it of instances.filter(
            (i) => i.clusterType === ct && (i.components as string[]).includes(COMPONENT_OF[configType]!),
          ))
            cases.push({
              clusterType: ct,
              version,
              cloudProvider: it.cloudProvider as CloudProvider,
              instanceType: it.instanceType,
              configType,
              variant: variantFor(configType, it.instanceType),
            });
        if ((ct === 'DEDICATED_TIDB' && configType === 'pd') || ct === 'TICDC')
          for (const p of ['AWS', 'GCP'] as const)
            if (configType !== 'ticdc' || p === 'AWS')
              cases.push({
                clusterType: ct,
                version,
                cloudProvider: p,
                instanceType: null,
                configType,
                variant: configType === 'ticdc' ? 'aws' : p === 'AWS' ? 'aws' : 'gcp',
              });
      }
    }
  }
  const ahead = new Map(AHEAD.map((a) => [caseKey(a), a]));
  const present = new Set(cases.map(caseKey));
  for (const a of AHEAD) if (!present.has(caseKey(a))) throw new Error(`seed: no default case ${caseKey(a)}`);

  // One template per cluster type, config type, minor version and variant the cases use.
  const wanted = new Map<string, { ct: ClusterType; configType: ConfigType; minor: string; variant: Variant }>();
  const want = (ct: ClusterType, configType: ConfigType, minor: string, variant: Variant) =>
    wanted.set(templateName(ct, configType, minor, variant), { ct, configType, minor, variant });
  for (const c of cases) {
    want(c.clusterType, c.configType, minorOf(c.version), c.variant);
    const a = ahead.get(caseKey(c));
    if (a) want(c.clusterType, c.configType, minorOf(c.version), a.staged);
  }
  const names = [...wanted.keys()];
  const base = DEMO_BASE_TIME - 400 * DAY;
  await insertRows(tx, ccTemplates, [
    ...names.map((name, i) => {
      const w = wanted.get(name)!;
      return {
        name,
        clusterType: w.ct,
        templateType: 'default',
        configType: w.configType,
        effectiveMinorVersion: w.minor,
        creatorEmail: w.variant.endsWith('-r2') ? 'maria.garcia@example.com' : 'platform-bot@example.com',
        parameters: asParameters(parametersOf(w.configType, w.variant, w.minor)),
        customData: null,
        changeId: null,
        createdAt: new Date(base + i * 60 * MINUTE + (w.variant.endsWith('-r2') ? 200 * DAY : 0)),
      };
    }),
    ...CUSTOM_TEMPLATES.map((t, i) => ({
      name: t.name,
      clusterType: 'DEDICATED_TIDB',
      templateType: 'custom',
      configType: null,
      effectiveMinorVersion: t.minor,
      creatorEmail: t.creator,
      parameters: [],
      customData: {
        tidb: asParameters(t.data.tidb),
        tikv: asParameters(t.data.tikv),
        tiflash: asParameters(t.data.tiflash),
        init_sql: t.data.init_sql.map((s, n) => ({ index: n + 1, sql: s })),
      },
      changeId: null,
      createdAt: new Date(DEMO_BASE_TIME - (60 - i * 12) * DAY),
    })),
  ]);
  const ids = new Map(
    (
      await tx
        .select({ id: ccTemplates.id, name: ccTemplates.name })
        .from(ccTemplates)
        .where(inArray(ccTemplates.name, names))
    ).map((r) => [r.name, r.id]),
  );
  const idOf = (c: CaseSpec, variant: Variant) =>
    ids.get(templateName(c.clusterType, c.configType, minorOf(c.version), variant))!;

  await insertRows(
    tx,
    ccDefaultCases,
    cases.map((c) => ({
      clusterType: c.clusterType,
      version: c.version,
      cloudProvider: c.cloudProvider,
      instanceType: c.instanceType,
      configType: c.configType,
      region: null,
      templateId: idOf(c, ahead.get(caseKey(c))?.staged ?? c.variant),
      changeId: null,
      createdAt: new Date(base),
    })),
  );
  const stored = await tx
    .select({
      id: ccDefaultCases.id,
      clusterType: ccDefaultCases.clusterType,
      version: ccDefaultCases.version,
      cloudProvider: ccDefaultCases.cloudProvider,
      instanceType: ccDefaultCases.instanceType,
      configType: ccDefaultCases.configType,
    })
    .from(ccDefaultCases);
  const caseIds = new Map(stored.map((r) => [caseKey(r as Omit<CaseSpec, 'variant'>), r.id]));

  const bindings: Bindings = [];
  for (const c of cases) {
    const id = caseIds.get(caseKey(c))!;
    const a = ahead.get(caseKey(c));
    for (const environment of envsOf(c.clusterType, c.version)) {
      const behind = a?.behind.includes(environment);
      if (behind && a?.unreleased) continue;
      bindings.push({ environment, caseId: id, templateId: idOf(c, a && !behind ? a.staged : c.variant) });
    }
  }
  await insertRows(
    tx,
    ccReleased,
    bindings.map((b) => ({
      environment: b.environment,
      kind: 'binding',
      key: String(b.caseId),
      value: { template_id: String(b.templateId) },
      releaseId: null,
      releasedAt: new Date(base + (CONFIG_ENVIRONMENTS.indexOf(b.environment) + 1) * 7 * DAY),
    })),
  );
}
