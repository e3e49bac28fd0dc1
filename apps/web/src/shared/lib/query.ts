/** Typed `meta` of mutations; see app/queryClient.ts for the default that reads it. */
export interface PortalMutationMeta extends Record<string, unknown> {
  /**
   * false: this mutation shows its own failure (e.g. a form with field errors), so the default
   * operation-failure dialog (spec §8) stays closed.
   */
  errorModal?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: PortalMutationMeta;
  }
}
