import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsApi } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { useProfile } from '../../shared/api/profile';
import { can } from '../../shared/lib/useCan';
import { settingsKeys } from './keys';

/*
 * The shell's part of the maintenance banner: a small hook and a slot. The Alert itself loads only when there is a
 * text to show, so the banner adds nothing to a route's first download while it is empty (the usual case).
 */

const Banner = lazy(() => import('./components/MaintenanceBanner').then((m) => ({ default: m.MaintenanceBanner })));

/**
 * The system setting `maintenance_banner` ('' while unset). Read only by callers who may read the settings
 * (settings.read; nobody else asks), silently: a failure shows no notice and no banner. Shares the settings' query
 * key, so a save on /settings/system shows at once.
 */
export function useMaintenanceBanner(): string {
  // The profile first: while it loads, useCan lets ordinary reads through, and this one must not go out unasked.
  const { profile } = useProfile();
  const readable = Boolean(profile) && can(profile, settingsApi.get);
  const { data } = useQuery({
    queryKey: settingsKeys.system(),
    queryFn: ({ signal }) => api(settingsApi.get, undefined, { signal, silent: true }),
    enabled: readable,
    staleTime: 60_000,
    meta: { errorModal: false },
    select: (s) => s.values.maintenance_banner,
  });
  return readable ? (data ?? '') : '';
}

/** The maintenance banner above every signed-in page while the setting is not empty; nothing otherwise. */
export function MaintenanceBannerSlot() {
  const text = useMaintenanceBanner();
  if (!text) return null;
  return (
    <Suspense fallback={null}>
      <Banner text={text} />
    </Suspense>
  );
}
