/**
 * Every query key of the release area. A module of its own so the manifest can offer it without bundling the hooks.
 * Mutations refresh `all` (a change's action moves its release's phase and counts too).
 */
export const releaseKeys = {
  all: ['release'] as const,
  lists: () => ['release', 'list'] as const,
  list: (params: unknown) => ['release', 'list', params] as const,
  detail: (releaseId: string) => ['release', 'detail', releaseId] as const,
  changes: (releaseId: string, params: unknown) => ['release', 'changes', releaseId, params] as const,
  change: (releaseId: string, changeId: string) => ['release', 'change', releaseId, changeId] as const,
  changePulls: (releaseId: string, changeId: string) => ['release', 'change-pulls', releaseId, changeId] as const,
  tickets: (releaseId: string, params: unknown) => ['release', 'tickets', releaseId, params] as const,
  ticket: (releaseId: string, name: string) => ['release', 'ticket', releaseId, name] as const,
  /** The code host's answers do not change with the portal's mutations: their own root. */
  pull: (number: number) => ['codehost', 'pull', number] as const,
  labels: () => ['codehost', 'labels'] as const,
  pulls: () => ['codehost', 'pulls'] as const,
};
