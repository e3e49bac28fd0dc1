import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { authApi } from '@portal/contract';
import type { AuthConfig } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { isApiError } from '../../shared/lib/ApiError';

export const authConfigKey = ['auth-config'] as const;

/**
 * Checks the answer against the contract's authConfigSchema shape. Hand-written rather than
 * `authConfigSchema.parse` so zod stays out of the first page load.
 */
export function toAuthConfig(value: unknown): AuthConfig {
  const v = (value ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' && v[key] ? (v[key] as string) : undefined);
  const issuer = text('issuer');
  const clientId = text('clientId');
  const authorizationEndpoint = text('authorizationEndpoint');
  if (!issuer || !clientId || !authorizationEndpoint) throw new Error('The sign-in configuration is incomplete');
  const endSessionEndpoint = text('endSessionEndpoint');
  return { issuer, clientId, authorizationEndpoint, ...(endSessionEndpoint ? { endSessionEndpoint } : {}) };
}

export const authConfigQuery = queryOptions({
  queryKey: authConfigKey,
  queryFn: async ({ signal }): Promise<AuthConfig> => toAuthConfig(await api(authApi.config, {}, { signal })),
  staleTime: Infinity,
  gcTime: Infinity,
  // A refusal (4xx, e.g. "open the portal at its configured address") will not change on a retry.
  retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
});

/** The issuer settings of GET /api/v1/public/auth-config, fetched once. */
export function useAuthConfig() {
  return useQuery(authConfigQuery);
}

export function cachedAuthConfig(client: QueryClient): AuthConfig | undefined {
  return client.getQueryData<AuthConfig>(authConfigKey);
}
