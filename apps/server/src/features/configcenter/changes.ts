import type { z } from 'zod';
import {
  canDoOnChange,
  COMPONENTS,
  OPEN_RELEASE_PHASES,
  validateImageTag,
  validateParamValue,
  type batchUpdateComponentsBody,
  type batchUpdateTemplatesBody,
  type ChangeItem,
  type changeItemQuery,
  type closeChangeBody,
  type ClusterType,
  type Component,
  type componentImageRowSchema,
  type componentImagesQuery,
  type createModificationBody,
  type DefaultConfigChange,
  type defaultConfigChangeListQuery,
  type DEFAULT_CONFIG_ACTIONS,
  type ListResult,
  type ParamValidation,
  type releaseVersionBody,
  type TemplateParameter,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { auditChange, isUniqueViolation } from './audit.js';
import {
  defaultCaseOf,
  everReleased,
  parametersOf,
  templateIdsOf,
  toChange,
  toItem,
  type BindingData,
  type ComponentData,
  type SnapshotItem,
  type VersionData,
} from './model.js';
import { catalogueOf, loadTemplate } from './templates.js';
import * as repo from './repo.js';

/** Default-config changes (spec §3, §4; decision 0012): create, items, batch updates, close, New TiDB Version. */

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

async function itemsView(db: Db, rows: repo.ItemRow[]): Promise<{ items: ChangeItem[] }> {
  const names = await repo.templateNames(db, templateIdsOf(rows));
  return { items: rows.map((i) => toItem(i, names)) };
}

const invalidParameter = (message: string, details: Record<string, unknown>) =>
  new AppError('configChange.invalidParameter', message, details);

/** `tidb-v8.1-default (change 12)` → `tidb-v8.1-default`. */
const baseName = (name: string) => name.replace(/ \(change \d+\)$/, '');

/**
 * A draft this change may still edit in place: derived by it, and in no release of it that was approved or waits
 * for approval, nor released anywhere (released templates are never edited).
 */
async function editableDraft(tx: Db, changeId: number, t: repo.TemplateRow): Promise<boolean> {
  if (t.changeId !== changeId) return false;
  const id = String(t.id);
  for (const r of await repo.selectReleasesOfChange(tx, changeId)) {
    if (r.phase === 'cancelled' || r.phase === 'rejected') continue;
    const snap = r.items as SnapshotItem[];
    if (
      snap.some(
        (i) => i.type === 'template_default_case_binding' && (i.data as BindingData).modified.template_id === id,
      )
    )
      return false;
  }
  return true;
}

/**
 * Batch update templates (spec §7): the selected binding items' templates get the parameters set and unset, each
 * validated against the catalogue of the template's minor version. A released template is never edited: the first
 * edit derives a draft (`<name> (change N)`) that the case then stages; later edits change that draft in place.
 */
export async function batchUpdateTemplates(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof batchUpdateTemplatesBody>,
): Promise<{ items: ChangeItem[] }> {
  const email = who.toLowerCase();
  const sets = new Map<string, string>();
  for (const p of body.params_to_set) {
    if (sets.has(p.name)) throw invalidParameter(`parameter ${p.name} is set more than once`, { name: p.name });
    sets.set(p.name, p.value);
  }
  const unsets = new Set(body.params_to_unset);
  for (const name of unsets)
    if (sets.has(name)) throw invalidParameter(`parameter ${name} is both set and unset`, { name });

  return db.transaction(async (tx) => {
    const change = await lockChange(tx, id, 'modify');
    const all = new Map((await repo.selectItems(tx, change.id, true)).map((i) => [String(i.id), i]));
    const chosen = [...new Set(body.items)].map((itemId) => {
      const item = all.get(itemId);
      if (!item || item.type !== 'template_default_case_binding')
        throw new AppError('defaultConfig.itemNotFound', `The change has no template item ${itemId}`);
      return item;
    });
    const before: unknown[] = [];
    const after: unknown[] = [];
    const touched: repo.ItemRow[] = [];
    for (const item of chosen) {
      const data = item.data as BindingData;
      const t = await loadTemplate(tx, data.modified.template_id, true);
      const configType = t.configType ?? '';
      const catalogue = await catalogueOf(tx, t.effectiveMinorVersion, configType);
      const unknown = (name: string) =>
        new AppError(
          'defaultConfig.unknownParameter',
          `The parameter ${name} is not in the ${configType} catalogue of ${t.effectiveMinorVersion}`,
          { name, config_type: configType, version: t.effectiveMinorVersion, item_id: String(item.id) },
        );
      const params: TemplateParameter[] = parametersOf(t).map((p) => ({ ...p }));
      for (const [name, value] of sets) {
        const attr = catalogue.get(name);
        if (!attr) throw unknown(name);
        const message = validateParamValue(attr.type, value, attr.validation as ParamValidation);
        if (message)
          throw invalidParameter(message, { name, value, config_type: configType, item_id: String(item.id) });
        const existing = params.find((p) => p.name === name);
        if (existing) existing.value = value;
        else params.push({ name, value, comment: '' });
      }
      for (const name of unsets) if (!catalogue.has(name) && !params.some((p) => p.name === name)) throw unknown(name);
      const next = params.filter((p) => !unsets.has(p.name));
      const old = parametersOf(t);
      if (JSON.stringify(next) === JSON.stringify(old)) continue;

      let templateId = t.id;
      if (await editableDraft(tx, change.id, t)) {
        await repo.updateTemplateParameters(tx, t.id, next);
      } else {
        templateId = await repo.insertTemplate(tx, {
          name: `${baseName(t.name)} (change ${change.id})`,
          clusterType: t.clusterType,
          templateType: 'default',
          configType: t.configType,
          effectiveMinorVersion: t.effectiveMinorVersion,
          creatorEmail: email,
          parameters: next,
          changeId: change.id,
        });
        await repo.updateCase(tx, Number(item.subjectKey), { templateId });
      }
      const nextData: BindingData = { ...data, modified: { template_id: String(templateId) } };
      await repo.updateItem(tx, item.id, { data: nextData, revision: item.revision + 1 });
      const oldValues = Object.fromEntries(old.map((p) => [p.name, p.value]));
      const changed = [...sets.keys(), ...unsets].filter((n) => oldValues[n] !== sets.get(n));
      before.push({
        item_id: String(item.id),
        revision: item.revision,
        template_id: String(t.id),
        parameters: Object.fromEntries(changed.map((n) => [n, oldValues[n] ?? null])),
      });
      after.push({
        item_id: String(item.id),
        revision: item.revision + 1,
        template_id: String(templateId),
        parameters: Object.fromEntries(changed.map((n) => [n, sets.get(n) ?? null])),
      });
      touched.push({ ...item, data: nextData, revision: item.revision + 1, updatedAt: new Date() });
    }
    if (touched.length)
      await auditChange(tx, change.id, email, 'batch_update_templates', {
        params_to_set: body.params_to_set,
        params_to_unset: body.params_to_unset,
        before,
        after,
      });
    const touchedIds = new Set(touched.map((i) => i.id));
    return itemsView(
      tx,
      [...touched, ...chosen.filter((i) => !touchedIds.has(i.id))].sort((a, b) => a.id - b.id),
    );
  });
}

/**
 * The image batch update (spec §7): per component, create or update its item and stage the base image and tag on the
 * component default. A component default is in at most one change in progress.
 */
export async function batchUpdateComponents(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof batchUpdateComponentsBody>,
): Promise<{ items: ChangeItem[] }> {
  const email = who.toLowerCase();
  const entries = body.batch_update_component_configs.components;
  const seen = new Set<string>();
  for (const e of entries) {
    const key = `${e.cluster_type}:${e.default_case.component}:${e.default_case.version}`;
    if (seen.has(key))
      throw invalidParameter(
        `the image of ${e.default_case.component} ${e.default_case.version} is set more than once`,
        {
          component: e.default_case.component,
        },
      );
    seen.add(key);
    const message = validateImageTag(e.image_tag);
    if (message) throw invalidParameter(message, { component: e.default_case.component, field: 'image_tag' });
  }
  return db.transaction(async (tx) => {
    const change = await lockChange(tx, id, 'modifyImages');
    const items = await repo.selectItems(tx, change.id, true);
    const out: repo.ItemRow[] = [];
    const before: unknown[] = [];
    const after: unknown[] = [];
    for (const e of entries) {
      const { component, version } = e.default_case;
      const cd = await repo.findComponentDefault(tx, e.cluster_type, component, version);
      if (!cd)
        throw new AppError(
          'version.notFound',
          `There is no default image of ${component} for ${e.cluster_type} ${version}`,
          { cluster_type: e.cluster_type, component, version },
        );
      if (cd.changeId !== null && cd.changeId !== change.id)
        throw new AppError(
          'defaultConfig.caseInChange',
          `The default image of ${component} for ${e.cluster_type} ${version} is already being modified by change ${cd.changeId}`,
          { component, change_id: String(cd.changeId) },
        );
      const modified = { base_image: e.base_image, image_tag: e.image_tag, template_id: null };
      const existing = items.find((i) => i.type === 'default_component_config' && i.subjectKey === String(cd.id));
      const unchanged = cd.baseImage === e.base_image && cd.imageTag === e.image_tag;
      if (existing) {
        if (unchanged) {
          out.push(existing);
          continue;
        }
        const data: ComponentData = { ...(existing.data as ComponentData), modified };
        await repo.updateItem(tx, existing.id, { data, revision: existing.revision + 1 });
        out.push({ ...existing, data, revision: existing.revision + 1, updatedAt: new Date() });
      } else {
        if (unchanged) continue;
        const data: ComponentData = {
          origin: {
            default_case: { component, version, cloud_provider: null, instance_type: null, config_type: '' },
            template_id: null,
            cluster_type: e.cluster_type,
            base_image: cd.baseImage,
            image_tag: cd.imageTag,
          },
          modified,
        };
        const [row] = await repo.insertItems(tx, [
          { changeId: change.id, type: 'default_component_config', subjectKey: String(cd.id), data },
        ]);
        out.push(row!);
      }
      await repo.updateComponentDefault(tx, cd.id, {
        baseImage: e.base_image,
        imageTag: e.image_tag,
        changeId: change.id,
      });
      before.push({ component, version, base_image: cd.baseImage, image_tag: cd.imageTag });
      after.push({ component, version, base_image: e.base_image, image_tag: e.image_tag });
    }
    if (after.length)
      await auditChange(tx, change.id, email, 'batch_update_components', {
        cluster_type: entries[0]?.cluster_type,
        before,
        after,
      });
    return itemsView(tx, out);
  });
}

type ImageRow = z.infer<typeof componentImageRowSchema>;

/** The image modification view (spec §2): per component of a version, the tag released to prod and the staged one. */
export async function changeImages(
  db: Db,
  id: string,
  q: z.output<typeof componentImagesQuery>,
): Promise<{ items: ImageRow[] }> {
  await findChangeOr404(db, id);
  const rows = await repo.selectComponentDefaults(db, q.cluster_type, q.version);
  const order = (c: string) => COMPONENTS.indexOf(c as Component);
  return {
    items: rows
      .map(({ c, sourceValue }) => ({
        component: c.component as Component,
        base_image: c.baseImage,
        source_tag: (sourceValue as { image_tag?: string } | null)?.image_tag ?? null,
        current_tag: c.imageTag,
        change_id: c.changeId === null ? null : String(c.changeId),
      }))
      .sort((a, b) => order(a.component) - order(b.component)),
  };
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
    if (body.result === 'terminated') {
      const items = await repo.selectItems(tx, change.id, true);
      // Created objects first (cases, images), the version they belong to last.
      const order = (i: repo.ItemRow) => (i.type === 'version_release' ? 1 : 0);
      for (const item of [...items].sort((a, b) => order(a) - order(b)))
        if (!everReleased(item)) reverted.push(await revertItem(tx, item));
    }
    await repo.releaseStagedObjects(tx, change.id);
    const phaseReason = body.reason || null;
    await repo.updateChange(tx, change.id, { phase: body.result, phaseReason, closedAt: new Date() });
    await auditChange(tx, change.id, email, 'close', {
      before: { phase: change.phase },
      after: { phase: body.result, phase_reason: phaseReason },
      ...(body.result === 'terminated' ? { reverted } : {}),
    });
  });
  return { change: await getChange(db, id) };
}

/**
 * New TiDB Version (decision 0012): a change with its version_release item, the source version's default cases copied
 * to the target (same templates) and its component defaults (tag = the target version), each an item of its own.
 */
export async function releaseVersion(db: Db, who: string, body: z.output<typeof releaseVersionBody>): Promise<string> {
  const email = who.toLowerCase();
  const { cluster_type: ct, source_version: from, target_version: to } = body;
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.findVersion(tx, ct, from)))
        throw new AppError('version.notFound', `Version ${from} of ${ct} not found`, { version: from });
      if (await repo.findVersion(tx, ct, to))
        throw new AppError('version.exists', `Version ${to} of ${ct} already exists`, { version: to });
      const cases = await repo.selectCasesOfVersion(tx, ct, from);
      const components = await repo.selectComponentDefaults(tx, ct, from);
      const existingCases = new Set(
        (await repo.selectCasesOfVersion(tx, ct, to)).map(
          (c) => `${c.cloudProvider}|${c.instanceType}|${c.configType}|${c.region}`,
        ),
      );
      const existingComponents = new Set((await repo.selectComponentDefaults(tx, ct, to)).map((r) => r.c.component));
      const covering = new Set((await repo.selectInstanceTypes(tx, ct)).map((r) => `${r.provider}:${r.instanceType}`));
      for (const c of cases)
        if (c.cloudProvider && c.instanceType) covering.add(`${c.cloudProvider}:${c.instanceType}`);

      const changeId = await repo.insertChange(tx, {
        applicant: email,
        reason: body.reason || `New ${ct} version ${to} from ${from}`,
        phase: 'in_progress',
      });
      await repo.insertVersion(tx, ct, to);
      const newCases = await repo.insertCases(
        tx,
        cases
          .filter((c) => !existingCases.has(`${c.cloudProvider}|${c.instanceType}|${c.configType}|${c.region}`))
          .map((c) => ({
            clusterType: ct,
            version: to,
            cloudProvider: c.cloudProvider,
            instanceType: c.instanceType,
            configType: c.configType,
            region: c.region,
            templateId: c.templateId,
            changeId,
          })),
      );
      const sourceOf = new Map(components.map((r) => [r.c.component, r.c]));
      const newComponents = await repo.insertComponentDefaults(
        tx,
        components
          .filter((r) => !existingComponents.has(r.c.component))
          .map((r) => ({
            clusterType: ct,
            component: r.c.component,
            version: to,
            baseImage: r.c.baseImage,
            imageTag: to,
            changeId,
          })),
      );
      const versionData: VersionData = {
        cluster_type: ct,
        source_version: from,
        target_version: to,
        covering_instance_types: [...covering].sort(),
      };
      await repo.insertItems(tx, [
        { changeId, type: 'version_release', subjectKey: `${ct}:${to}`, data: versionData },
        ...newCases.map((c) => ({
          changeId,
          type: 'template_default_case_binding',
          subjectKey: String(c.id),
          data: {
            origin: { template_id: String(c.templateId), cluster_type: ct, default_case: defaultCaseOf(c) },
            modified: { template_id: String(c.templateId) },
            created: true,
          } satisfies BindingData,
        })),
        ...newComponents.map((c) => {
          const src = sourceOf.get(c.component)!;
          return {
            changeId,
            type: 'default_component_config',
            subjectKey: String(c.id),
            data: {
              origin: {
                default_case: {
                  component: c.component as Component,
                  version: to,
                  cloud_provider: null,
                  instance_type: null,
                  config_type: '',
                },
                template_id: null,
                cluster_type: ct,
                base_image: src.baseImage,
                image_tag: src.imageTag,
              },
              modified: { base_image: c.baseImage, image_tag: c.imageTag, template_id: null },
              created: true,
            } satisfies ComponentData,
          };
        }),
      ]);
      await auditChange(tx, changeId, email, 'create', {
        reason: body.reason,
        after: {
          phase: 'in_progress',
          version_release: versionData,
          default_cases: newCases.length,
          component_defaults: newComponents.length,
        },
      });
      return String(changeId);
    });
  } catch (err) {
    // A concurrent New TiDB Version of the same target won the race to the version's primary key.
    if (isUniqueViolation(err))
      throw new AppError('version.exists', `Version ${to} of ${ct} already exists`, { version: to });
    throw err;
  }
}
