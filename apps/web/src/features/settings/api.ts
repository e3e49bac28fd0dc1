import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_MESSAGES, settingsApi } from '@portal/contract';
import type { UpdateSystemSettingsBody } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { feedback } from '../../shared/lib/feedback';
import { settingsKeys } from './keys';

export function useSystemSettings() {
  return useQuery({
    queryKey: settingsKeys.system(),
    queryFn: ({ signal }) => api(settingsApi.get, undefined, { signal }),
  });
}

export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (body: UpdateSystemSettingsBody) => api(settingsApi.update, { body }),
    onSuccess: (settings) => {
      client.setQueryData(settingsKeys.system(), settings);
      feedback().message.success(SETTINGS_MESSAGES.saved);
    },
  });
}
