import type { z } from 'zod';
import {
  canDoOnChange,
  OPEN_RELEASE_PHASES,
  type ChangeItem,
  type changeItemQuery,
  type closeChangeBody,
  type ClusterType,
  type createModificationBody,
  type DefaultConfigChange,
  type defaultConfigChangeListQuery,
  type DEFAULT_CONFIG_ACTIONS,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { auditChange } from './audit.js';
import {
  defaultCaseOf,
  everReleased,
  templateIdsOf,
  toChange,
  toItem,
  type BindingData,
  type ComponentData,
  type VersionData,
} from './model.js';
import { loadTemplate } from './templates.js';
import * as repo from './repo.js';

/**
 * Default-config changes (spec §3, §4; decision 0012): create, list, items, close. Their batch updates are
 * change-updates.ts, New TiDB Version version-release.ts.
 */

type Action = keyof (typeof DEFAULT_CONFIG_ACTIONS)['in_progress'];
const VERBS: Record<Action, string> = {
  modify: 'modified',
  modifyImages: 'given new images',
  release: 'released',
  close: 'closed',
};

export function parseChangeId(id: string): number {
  const n = repo.parseId(id);
  if (n === undefined) throw new AppError('defaultConfig.notFound', `Default-config change ${id} not found`);
  return n;
}

/** The change, locked, when its phase allows the action (409 `defaultConfig.phaseForbids` otherwise). */
export async function lockChange(tx: Db, id: string, action: Action): Promise<repo.ChangeRow> {
  const row = await repo.findChange(tx, parseChangeId(id), true);
  if (!row) throw new AppError('defaultConfig.notFound', `Default-config change ${id} not found`);
  if (!canDoOnChange(row.phase, action))
    throw new AppError(
      'defaultConfig.phaseForbids',
      `A default-config change that is ${row.phase} cannot be ${VERBS[action]}`,
      { phase: row.phase, action },
    );
  return row;
}

export async function findChangeOr404(db: Db, id: string): Promise<repo.ChangeRow> {
  const row = await repo.findChange(db, parseChangeId(id));
  if (!row) throw new AppError('defaultConfig.notFound', `Default-config change ${id} not found`);
  return row;
}

export async function getChange(db: Db, id: string): Promise<DefaultConfigChange> {
  const row = await findChangeOr404(db, id);
  return toChange(row, await repo.changeFacets(db, [row.id]));
}

export async function listChanges(
  db: Db,
  q: z.output<typeof defaultConfigChangeListQuery>,
): Promise<ListResult<DefaultConfigChange>> {
  const filter: repo.ChangeFilter = { phase: q.phase, applicant: q.applicant || undefined, itemType: q.item_type };
  const page = await listPage(
    repo.selectChangePage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countChanges(db, filter),
  );
  const facets = await repo.changeFacets(
    db,
    page.items.map((r) => r.id),
  );
  return { total: page.total, items: page.items.map((r) => toChange(r, facets)) };
}

const describeCase = (c: {
  clusterType: string;
  version: string;
  cloudProvider: string | null;
  instanceType: string | null;
  configType: string;
}) => `${c.clusterType} ${c.version} ${c.cloudProvider ?? 'Any'}/${c.instanceType ?? 'Any'} ${c.configType}`;

/**
 * Create modification (spec §7, from /template's Modify): one binding item per selected default case, each case staged
 * to its new template. Every selected row must still stage the template it was selected with, be in no other change
 * in progress, and take a template of its own cluster and config type.
 */
export async function createModification(
  db: Db,
  who: string,
  body: z.output<typeof createModificationBody>,
): Promise<string> {
  const email = who.toLowerCase();
  return db.transaction(async (tx) => {
    const staged: { c: repo.CaseRow; to: repo.TemplateRow }[] = [];
    const seen = new Set<number>();
    // Cases are locked in one order whatever the selection's, so two concurrent modifications never deadlock.
    const keyOf = (b: (typeof body.default_case_bindings)[number]) =>
      [
        b.origin.cluster_type,
        b.origin.default_case.version,
        b.origin.default_case.cloud_provider ?? '',
        b.origin.default_case.instance_type ?? '',
        b.origin.default_case.config_type,
        b.origin.default_case.region ?? '',
      ].join('|');
    const ordered = [...body.default_case_bindings].sort((x, y) =>
      keyOf(x) < keyOf(y) ? -1 : keyOf(x) > keyOf(y) ? 1 : 0,
    );
    for (const b of ordered) {
      const k = {
        clusterType: b.origin.cluster_type,
        version: b.origin.default_case.version,
        cloudProvider: b.origin.default_case.cloud_provider,
        instanceType: b.origin.default_case.instance_type,
        configType: b.origin.default_case.config_type,
        region: b.origin.default_case.region,
      };
      const c = await repo.findCaseByKey(tx, k);
      if (!c)
        throw new AppError(
          'defaultConfig.stale',
          `The default case ${describeCase(k)} no longer exists; reload and select it again`,
        );
      if (seen.has(c.id))
        throw new AppError('request.invalid', `The default case ${describeCase(c)} is selected more than once`);
      seen.add(c.id);
      if (String(c.templateId) !== b.origin.template_id)
        throw new AppError(
          'defaultConfig.stale',
          `The default case ${describeCase(c)} now uses template ${c.templateId}, not ${b.origin.template_id}; reload and select it again`,
          { default_case_id: String(c.id), current_template_id: String(c.templateId) },
        );
      if (c.changeId !== null)
        throw new AppError(
          'defaultConfig.caseInChange',
          `The default case ${describeCase(c)} is already being modified by change ${c.changeId}`,
          { default_case_id: String(c.id), change_id: String(c.changeId) },
        );
      const to = await loadTemplate(tx, b.modified.template_id);
      if (to.changeId !== null)
        throw new AppError(
          'defaultConfig.draftTemplate',
          `Template ${to.id} is an unreleased draft of default-config change ${to.changeId}`,
        );
      if (to.configType !== c.configType || to.clusterType !== c.clusterType)
        throw new AppError(
          'defaultConfig.configTypeMismatch',
          `Template ${to.id} is for ${to.clusterType} ${to.configType ?? 'custom'}, the default case for ${c.clusterType} ${c.configType}`,
        );
      if (to.id === c.templateId)
        throw new AppError('request.invalid', `The default case ${describeCase(c)} already uses template ${to.id}`);
      staged.push({ c, to });
    }
    const changeId = await repo.insertChange(tx, { applicant: email, reason: body.reason, phase: 'in_progress' });
    const items = await repo.insertItems(
      tx,
      staged.map(({ c, to }) => ({
        changeId,
        type: 'template_default_case_binding',
        subjectKey: String(c.id),
        data: {
          origin: {
            template_id: String(c.templateId),
            cluster_type: c.clusterType as ClusterType,
            default_case: defaultCaseOf(c),
          },
          modified: { template_id: String(to.id) },
        } satisfies BindingData,
      })),
    );
    for (const { c, to } of staged) await repo.updateCase(tx, c.id, { templateId: to.id, changeId });
    await auditChange(tx, changeId, email, 'create', {
      reason: body.reason,
      after: {
        phase: 'in_progress',
        items: items.map((i, n) => ({
          item_id: String(i.id),
          default_case_id: i.subjectKey,
          template_id: { from: String(staged[n]!.c.templateId), to: String(staged[n]!.to.id) },
        })),
      },
    });
    return String(changeId);
  });
}

export async function listItems(
  db: Db,
  id: string,
  q: z.output<typeof changeItemQuery>,
): Promise<ListResult<ChangeItem>> {
  const change = await findChangeOr404(db, id);
  const filter: repo.ItemFilter = { types: q.type_is, unreleasedIn: q.environment_is };
  const page = await listPage(
    repo.selectItemPage(db, change.id, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countItems(db, change.id, filter),
  );
  const names = await repo.templateNames(db, templateIdsOf(page.items));
  return { total: page.total, items: page.items.map((i) => toItem(i, names)) };
}

/**
 * Puts back what a terminated change still stages and never released anywhere: a case its origin template, a
 * component default its origin image; objects the change created (a version release) are removed.
 */
async function revertItem(tx: Db, item: repo.ItemRow): Promise<unknown> {
  if (item.type === 'template_default_case_binding') {
    const d = item.data as BindingData;
    const caseId = Number(item.subjectKey);
    if (d.created) await repo.deleteCase(tx, caseId);
    else await repo.updateCase(tx, caseId, { templateId: Number(d.origin.template_id) });
    return { default_case_id: item.subjectKey, template_id: d.created ? null : d.origin.template_id };
  }
  if (item.type === 'default_component_config') {
    const d = item.data as ComponentData;
    const id = Number(item.subjectKey);
    if (d.created) await repo.deleteComponentDefault(tx, id);
    else await repo.updateComponentDefault(tx, id, { baseImage: d.origin.base_image, imageTag: d.origin.image_tag });
    return {
      component_default_id: item.subjectKey,
      image: d.created ? null : `${d.origin.base_image}:${d.origin.image_tag}`,
    };
  }
  const d = item.data as VersionData;
  await repo.deleteUnreleasedVersion(tx, d.cluster_type, d.target_version);
  return { version: `${d.cluster_type}:${d.target_version}`, removed: true };
}

/**
 * What closing puts back, created objects first (cases, images) and the version they belong to last. Terminated:
 * every item never released anywhere. Success keeps the staged state, except a New TiDB Version released nowhere: the
 * version, and the cases and images copied for it, are removed as if terminated, so the version is not left existing
 * for no environment (it would refuse New TiDB Version of it with 409 `version.exists` forever).
 */
function toRevert(items: repo.ItemRow[], result: z.output<typeof closeChangeBody>['result']): repo.ItemRow[] {
  const unreleasedVersion = items.some((i) => i.type === 'version_release' && !everReleased(i));
  const created = (i: repo.ItemRow) => i.type === 'version_release' || !!(i.data as { created?: boolean }).created;
  const order = (i: repo.ItemRow) => (i.type === 'version_release' ? 1 : 0);
  return items
    .filter((i) => !everReleased(i) && (result === 'terminated' || (unreleasedVersion && created(i))))
    .sort((a, b) => order(a) - order(b));
}

/**
 * Close (spec §2): success keeps the staged state, terminated reverts what was never released; both free the
 * staged objects. Refused while a release waits for approval or runs.
 */
export async function closeChange(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof closeChangeBody>,
): Promise<{ change: DefaultConfigChange }> {
  const email = who.toLowerCase();
  await db.transaction(async (tx) => {
    const change = await lockChange(tx, id, 'close');
    const open = (await repo.selectReleasesOfChange(tx, change.id)).find((r) =>
      (OPEN_RELEASE_PHASES as readonly string[]).includes(r.phase),
    );
    if (open)
      throw new AppError(
        'defaultConfig.releaseInFlight',
        `The ${open.environment} release ${open.id} of this change is ${open.phase}; wait for it or cancel it first`,
        { release_id: String(open.id), phase: open.phase },
      );
    const reverted: unknown[] = [];
    const items = await repo.selectItems(tx, change.id, true);
    for (const item of toRevert(items, body.result)) reverted.push(await revertItem(tx, item));
    await repo.releaseStagedObjects(tx, change.id);
    const phaseReason = body.reason || null;
    await repo.updateChange(tx, change.id, { phase: body.result, phaseReason, closedAt: new Date() });
    await auditChange(tx, change.id, email, 'close', {
      before: { phase: change.phase },
      after: { phase: body.result, phase_reason: phaseReason },
      ...(body.result === 'terminated' || reverted.length ? { reverted } : {}),
    });
  });
  return { change: await getChange(db, id) };
}
