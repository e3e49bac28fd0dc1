import type { z } from 'zod';
import {
  COMPONENTS,
  validateImageTag,
  validateParamValue,
  type batchUpdateComponentsBody,
  type batchUpdateTemplatesBody,
  type ChangeItem,
  type Component,
  type componentImageRowSchema,
  type componentImagesQuery,
  type ParamValidation,
  type TemplateParameter,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { auditChange } from './audit.js';
import {
  parametersOf,
  templateIdsOf,
  toItem,
  type BindingData,
  type ComponentData,
  type SnapshotItem,
} from './model.js';
import { findChangeOr404, lockChange } from './changes.js';
import { catalogueOf, loadTemplate } from './templates.js';
import * as repo from './repo.js';

/** The batch updates of a default-config change's items (spec §7): templates' parameters, components' images. */

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
