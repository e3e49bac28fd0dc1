import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SyncOutlined } from '@ant-design/icons';
import { USERS_MESSAGES, usersApi } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { accessKeys } from '../api';

/**
 * Sync users (spec §7 "users … sync (POST)"): adds the users of the sign-in issuer's directory the portal lacks (as
 * viewers) and updates names; never removes a user or changes a role. Asks first; says what changed. Hidden from
 * those without admin.users. Mounted in the /access page header (AccessPage); `onSynced` runs after a sync.
 */
export function SyncUsersButton({ onSynced }: { onSynced?: () => void }) {
  const can = useCan();
  const client = useQueryClient();
  const sync = useMutation({
    mutationFn: () => api(usersApi.sync),
    onSuccess: (result) => {
      feedback().message.success(USERS_MESSAGES.synced(result));
      void client.invalidateQueries({ queryKey: accessKeys.all });
      onSynced?.();
    },
  });
  if (!can(usersApi.sync)) return null;
  return (
    <ConfirmButton
      icon={<SyncOutlined />}
      loading={sync.isPending}
      confirmTitle="Sync users?"
      confirmContent={USERS_MESSAGES.syncConfirm}
      okText="Sync"
      onConfirm={() => sync.mutateAsync().catch(() => undefined)}
    >
      Sync users
    </ConfirmButton>
  );
}
