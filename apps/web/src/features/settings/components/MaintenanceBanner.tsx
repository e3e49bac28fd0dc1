import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { settingsApi } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { useCan } from '../../../shared/lib/useCan';
import { settingsKeys } from '../keys';

/**
 * The system setting `maintenance_banner`, shown while not empty (nothing otherwise, and nothing to a caller who may
 * not read the settings). Not mounted yet: meant for the console header (lazily, it is not part of the first load).
 */
export function MaintenanceBanner() {
  const can = useCan();
  const readable = can(settingsApi.get);
  const { data } = useQuery({
    queryKey: settingsKeys.system(),
    queryFn: ({ signal }) => api(settingsApi.get, undefined, { signal }),
    enabled: readable,
    staleTime: 60_000,
    meta: { errorModal: false },
  });
  const text = data?.values.maintenance_banner;
  if (!readable || !text) return null;
  return <Alert type="warning" banner showIcon title={text} role="status" />;
}
