import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configcenterApi } from '@portal/contract';
import type {
  ClusterType,
  CreateModificationBody,
  CreateTemplateBody,
  DefaultCaseQuery,
  DefaultConfigChangeListQuery,
  TemplateListQuery,
} from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { configcenterKeys } from '../keys';

/** The templates, default cases and their modification (spec §2 /template; decision 0012). */

export function useDefaultCases(query: DefaultCaseQuery) {
  return useQuery({
    queryKey: configcenterKeys.defaultCases(query),
    queryFn: ({ signal }) => api(configcenterApi.defaultCases, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(query: TemplateListQuery, enabled = true) {
  return useQuery({
    queryKey: configcenterKeys.templateList(query),
    queryFn: ({ signal }) => api(configcenterApi.templates, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTemplate(id: string, clusterType?: ClusterType) {
  return useQuery({
    queryKey: [...configcenterKeys.template(id), clusterType ?? null],
    queryFn: ({ signal }) =>
      api(
        configcenterApi.template,
        { params: { template_id: id }, query: { cluster_type: clusterType, with_default_cases: 'true' } },
        { signal },
      ).then((r) => r.template),
  });
}

/** The parameters changed from one template to another; not asked for when both are the same template. */
export function useTemplateDiff(from: string, to: string) {
  return useQuery({
    queryKey: configcenterKeys.templateDiff(from, to),
    queryFn: ({ signal }) => api(configcenterApi.templateDiff, { query: { from, to } }, { signal }),
    enabled: Boolean(from && to && from !== to),
  });
}

export function useDefaultConfigChanges(query: DefaultConfigChangeListQuery) {
  return useQuery({
    queryKey: configcenterKeys.changeList(query),
    queryFn: ({ signal }) => api(configcenterApi.changes, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Modify (spec §2): a default-config change with one binding item per selected row → `{ change_id }`. */
export function useCreateModification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateModificationBody) => api(configcenterApi.createModification, { body }),
    // The dialog (FormModal) shows the failure itself.
    meta: { errorModal: false },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['configcenter', 'default-cases'] });
      void client.invalidateQueries({ queryKey: configcenterKeys.changes() });
    },
  });
}

/** Add Template (spec §7 Create template): a request through the configuration change flow → `{ change_id }`. */
export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => api(configcenterApi.createTemplate, { body }),
    // Spec §8: the dialog titled Error is the page's own.
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: configcenterKeys.templates() }),
  });
}
