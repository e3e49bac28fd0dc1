import type { z } from 'zod';
import type { Component, releaseVersionBody } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { auditChange, isUniqueViolation } from './audit.js';
import { defaultCaseOf, type BindingData, type ComponentData, type VersionData } from './model.js';
import * as repo from './repo.js';

/**
 * New TiDB Version (spec §2 /version, §7; decision 0012): a change with its version_release item, the source version's
 * default cases copied to the target (same templates) and its component defaults (tag = the target version), each an
 * item of its own.
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
