import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { SOURCE_ENVIRONMENT, type ClusterType } from '@portal/contract';
import { compareVersions, parseVersion, type TemplateQuery, type TemplateSource } from '../configchange/index.js';
import { ccDefaultCases, ccReleased, ccTemplates, ccVersions } from './schema.js';

/** `v8.1.2` → `v8.1`. */
const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

interface Candidate {
  configType: string;
  version: string;
  cloudProvider: string | null;
  instanceType: string | null;
  templateId: number;
}

/**
 * How well a released default case fits a target, or undefined when it does not apply: an exact version beats the
 * same minor's (nearest below first), the target's provider beats Any, its instance type beats Any.
 */
function fit(c: Candidate, q: TemplateQuery): number[] | undefined {
  if (c.cloudProvider !== null && c.cloudProvider !== q.provider) return undefined;
  const instanceType = q.instanceTypes[c.configType] ?? null;
  if (c.instanceType !== null && c.instanceType !== instanceType) return undefined;
  const exact = c.version === q.version ? 1 : 0;
  const below = compareVersions(c.version, q.version) <= 0 ? 1 : 0;
  // Among the same minor's versions: the nearest one (below the target's first).
  const distance = -Math.abs((parseVersion(c.version)?.[2] ?? 0) - (parseVersion(q.version)?.[2] ?? 0));
  return [exact, c.cloudProvider !== null ? 1 : 0, c.instanceType !== null ? 1 : 0, below, distance];
}

const better = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/**
 * The config center's templates as a template source of the configuration flow (decision 0012): a target's
 * parameters of a config type come from the template the source environment (prod) released for the default case
 * matching its cluster type, version (exact, else the same minor's), cloud provider (else Any), instance type (the
 * node spec of the component serving the config type, else Any) and config type. Only released bindings count: the
 * staged template of a case is not what clusters run until it is released.
 */
export const defaultTemplateSource: TemplateSource = {
  name: 'configcenter.default-templates',
  async parameters(db, q) {
    const out = new Map<string, Map<string, string>>();
    if (!q.configTypes.length || !parseVersion(q.version)) return out;
    const rows = await db
      .select({
        configType: ccDefaultCases.configType,
        version: ccDefaultCases.version,
        cloudProvider: ccDefaultCases.cloudProvider,
        instanceType: ccDefaultCases.instanceType,
        templateId: sql<string>`${ccReleased.value} ->> 'template_id'`,
      })
      .from(ccDefaultCases)
      .innerJoin(
        ccReleased,
        and(
          eq(ccReleased.environment, SOURCE_ENVIRONMENT),
          eq(ccReleased.kind, 'binding'),
          eq(ccReleased.key, sql`${ccDefaultCases.id}::text`),
        ),
      )
      .where(
        and(
          eq(ccDefaultCases.clusterType, q.clusterType),
          inArray(ccDefaultCases.configType, q.configTypes),
          or(eq(ccDefaultCases.version, q.version), like(ccDefaultCases.version, `${minorOf(q.version)}.%`)),
          isNull(ccDefaultCases.region),
        ),
      );
    const best = new Map<string, { score: number[]; templateId: number }>();
    for (const r of rows) {
      const templateId = Number(r.templateId);
      if (!Number.isSafeInteger(templateId)) continue;
      const score = fit({ ...r, templateId }, q);
      if (!score) continue;
      const current = best.get(r.configType);
      if (!current || better(score, current.score)) best.set(r.configType, { score, templateId });
    }
    if (!best.size) return out;
    const templates = await db
      .select({ id: ccTemplates.id, parameters: ccTemplates.parameters })
      .from(ccTemplates)
      .where(inArray(ccTemplates.id, [...new Set([...best.values()].map((b) => b.templateId))]));
    const byId = new Map(templates.map((t) => [t.id, t.parameters as { name: string; value: string }[]]));
    for (const [configType, { templateId }] of best) {
      const params = byId.get(templateId);
      if (params) out.set(configType, new Map(params.map((p) => [p.name, p.value])));
    }
    return out;
  },
  async defaultVersion(db, clusterType: ClusterType) {
    const rows = await db
      .select({ version: ccVersions.version, isDefault: ccVersions.isDefault })
      .from(ccVersions)
      .where(eq(ccVersions.clusterType, clusterType));
    const marked = rows.find((r) => r.isDefault);
    if (marked) return marked.version;
    return rows
      .map((r) => r.version)
      .filter((v) => parseVersion(v))
      .sort(compareVersions)
      .pop();
  },
};
