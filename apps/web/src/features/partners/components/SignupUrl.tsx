import type { PartnerType } from '@portal/contract';
import { Text } from '../../../shared/ui/Typography';
import { useSignupUrl } from '../api';

/** A signup URL as text with a copy button (spec §2: an MSP's is its custom link, made with its name). */
export function SignupLink({ url }: { url: string }) {
  return (
    <Text code copyable={{ text: url }} aria-label="Signup URL" style={{ wordBreak: 'break-all' }}>
      {url}
    </Text>
  );
}

/** The partner's signup URL, read from its signup-url route. */
export function SignupUrl({ type, orgId }: { type: PartnerType; orgId: string }) {
  const query = useSignupUrl(type, orgId);
  if (query.error) return <Text type="danger">The signup URL could not be read</Text>;
  if (!query.data) return <Text type="secondary">Loading…</Text>;
  return <SignupLink url={query.data.signup_url} />;
}
