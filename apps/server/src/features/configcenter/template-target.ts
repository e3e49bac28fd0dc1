import { and, eq } from 'drizzle-orm';
import { CLUSTER_TYPES, type ClusterType } from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import type { ConfigTargetAdapter } from '../configchange/index.js';
import { ccTemplates } from './schema.js';

const noVersion = async () => {
  throw new AppError('configChange.invalidVersion', 'A template being created has no version to change');
};
const noImages = async () => {
  throw new AppError('configChange.invalidParameter', 'A template has no images');
};

/**
 * Add Template as a target of the configuration flow (spec §3 Config change target_type `template`): the target id is
 * the new template's name, refused while a custom template of that name and cluster type exists. When the approved
 * change is applied, `persist` creates the custom template (template type custom, effective minor version of the
 * requested version, the applicant as creator, the files and INIT_SQL as its custom data) and records its id on the
 * change.
 */
function templateTarget(clusterType: ClusterType): ConfigTargetAdapter {
  return {
    targetType: 'template',
    clusterType,
    async load(db, name) {
      const [taken] = await db
        .select({ id: ccTemplates.id })
        .from(ccTemplates)
        .where(
          and(
            eq(ccTemplates.clusterType, clusterType),
            eq(ccTemplates.templateType, 'custom'),
            eq(ccTemplates.name, name),
          ),
        )
        .limit(1);
      return {
        id: name,
        clusterType,
        tenantId: null,
        status: taken ? 'exists' : 'new',
        blocked: taken ? `a custom template named ${name} already exists (${taken.id})` : null,
        version: '',
        configTypes: [],
        components: [],
        provider: null,
        versioned: false,
      };
    },
    setVersion: noVersion,
    setImageTag: noImages,
    async persist(tx, change) {
      const template = change.scope.template;
      if (!template) throw new Error(`configuration change ${change.id} carries no template`);
      const [row] = await tx
        .insert(ccTemplates)
        .values({
          name: template.name,
          clusterType: change.clusterType,
          templateType: 'custom',
          configType: null,
          effectiveMinorVersion: template.effective_minor_version,
          creatorEmail: change.applicant,
          parameters: [],
          customData: template.files,
        })
        .returning({ id: ccTemplates.id });
      const templateId = String(row!.id);
      return {
        summary: `created custom template ${templateId} (${template.name}, ${template.effective_minor_version})`,
        scope: { ...change.scope, template: { ...template, template_id: templateId } },
      };
    },
  };
}

/** Add Template for every cluster type (the request names its cluster type). */
export function templateTargets(): ConfigTargetAdapter[] {
  return CLUSTER_TYPES.map(templateTarget);
}
