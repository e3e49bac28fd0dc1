/**
 * Every query key of the config center (decision 0012). A module of its own so the manifest can offer it without
 * bundling the hooks. Mutations refresh `all` (everything of the area) unless they know better.
 */
export const configcenterKeys = {
  all: ['configcenter'] as const,
  templates: () => ['configcenter', 'templates'] as const,
  template: (id: string) => ['configcenter', 'templates', 'detail', id] as const,
  templateList: (params: unknown) => ['configcenter', 'templates', 'list', params] as const,
  templateDiff: (from: string, to: string) => ['configcenter', 'templates', 'diff', from, to] as const,
  defaultCases: (params: unknown) => ['configcenter', 'default-cases', params] as const,
  changes: () => ['configcenter', 'changes'] as const,
  changeList: (params: unknown) => ['configcenter', 'changes', 'list', params] as const,
  change: (id: string) => ['configcenter', 'changes', 'detail', id] as const,
  items: (id: string, params: unknown) => ['configcenter', 'changes', 'items', id, params] as const,
  changeImages: (id: string, params: unknown) => ['configcenter', 'changes', 'images', id, params] as const,
  releases: (changeId: string) => ['configcenter', 'changes', 'releases', changeId] as const,
  release: (changeId: string, releaseId: string) =>
    ['configcenter', 'changes', 'release', changeId, releaseId] as const,
  versions: (clusterType: string) => ['configcenter', 'versions', clusterType] as const,
  versionRules: (params: unknown) => ['configcenter', 'version-rules', params] as const,
  components: (clusterType: string) => ['configcenter', 'components', clusterType] as const,
  componentVersions: (params: unknown) => ['configcenter', 'component-versions', params] as const,
  instanceTypes: (clusterType: string) => ['configcenter', 'instance-types', clusterType] as const,
  configTypes: (clusterType: string, version?: string) =>
    ['configcenter', 'config-types', clusterType, version ?? null] as const,
  parameters: (configType: string, version?: string) =>
    ['configcenter', 'parameters', configType, version ?? null] as const,
};
