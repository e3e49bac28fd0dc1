import { useState } from 'react';
import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import type { Grant } from '@portal/contract';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Button, Flex } from 'antd';
import { useDecideGrant } from '../api';

const RevokeDialog = lazyDialog(() => import('./RevokeDialog').then((m) => m.RevokeDialog));

export interface GrantActionsProps {
  grant: Grant;
  size?: 'small' | 'middle';
}

/**
 * Approve, Reject and Revoke, each shown only when the server says the caller may (`grant.actions`: the status, and
 * never the requester or the grantee deciding); each asks first.
 */
export function GrantActions({ grant, size = 'middle' }: GrantActionsProps) {
  const decide = useDecideGrant(grant.id);
  const [revoking, setRevoking] = useState(false);
  const what = `${grant.privilege} for ${grant.user_email}`;
  if (!grant.actions.length) return null;
  return (
    <Flex gap={size === 'small' ? 4 : 8}>
      {grant.actions.includes('approve') ? (
        <ConfirmButton
          size={size}
          type="primary"
          icon={size === 'small' ? undefined : <CheckOutlined />}
          loading={decide.isPending && decide.variables?.decision === 'approve'}
          confirmTitle={`Approve ${what}?`}
          confirmContent={`The user holds the privilege at once, until ${grant.expires_at.slice(0, 16).replace('T', ' ')} UTC.`}
          okText="Approve"
          onConfirm={() => decide.mutateAsync({ decision: 'approve' }).catch(() => undefined)}
        >
          Approve
        </ConfirmButton>
      ) : null}
      {grant.actions.includes('reject') ? (
        <ConfirmButton
          size={size}
          danger
          icon={size === 'small' ? undefined : <CloseOutlined />}
          loading={decide.isPending && decide.variables?.decision === 'reject'}
          confirmTitle={`Reject ${what}?`}
          confirmContent="The request ends; the user does not get the privilege."
          okText="Reject"
          onConfirm={() => decide.mutateAsync({ decision: 'reject' }).catch(() => undefined)}
        >
          Reject
        </ConfirmButton>
      ) : null}
      {/* In a list row a pending grant the caller may decide shows Approve and Reject only (Revoke is on its page). */}
      {grant.actions.includes('revoke') && !(size === 'small' && grant.actions.includes('approve')) ? (
        <>
          <Button
            size={size}
            danger
            icon={size === 'small' ? undefined : <StopOutlined />}
            onPointerEnter={RevokeDialog.preload}
            onClick={() => setRevoking(true)}
          >
            Revoke
          </Button>
          <RevokeDialog open={revoking} grant={grant} onClose={() => setRevoking(false)} />
        </>
      ) : null}
    </Flex>
  );
}
