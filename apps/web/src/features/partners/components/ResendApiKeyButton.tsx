import { PARTNER_MESSAGES } from '@portal/contract';
import type { ButtonProps } from 'antd';
import { errorMessage } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useResendApiKey } from '../api';

/**
 * Spec §2 /msp "resend API key", after asking (the MSP's previous keys stop working): "Sent.", a failure as a
 * notification with the server's message.
 */
export function ResendApiKeyButton({
  msp,
  size,
}: {
  msp: { org_id: string; name: string; email: string };
  size?: ButtonProps['size'];
}) {
  const resend = useResendApiKey();
  return (
    <ConfirmButton
      size={size}
      confirmTitle={`Resend the API key of ${msp.name}?`}
      confirmContent={`A new key is mailed to ${msp.email}; the MSP's previous keys stop working.`}
      okText="Resend"
      onConfirm={async () => {
        try {
          await resend.mutateAsync(msp.org_id);
          feedback().message.success(PARTNER_MESSAGES.sent);
        } catch (error) {
          feedback().notification.error({
            title: 'The API key was not sent',
            description: errorMessage(error, 'Failed to resend the API key'),
          });
        }
      }}
    >
      Resend API Key
    </ConfirmButton>
  );
}
