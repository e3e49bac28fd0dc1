import {
  CERTIFICATE_STATUS_COLORS,
  COMPONENT_DIFF_KIND_COLORS,
  COMPONENT_DIFF_STATUS_COLORS,
  O11Y_HEALTH_COLORS,
} from '@portal/contract';
import type { CertificateStatus, ComponentDiffScope } from '@portal/contract';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { daysLeftText } from '../model';

/*
 * The area's tags take their colours from the contract's tables: its words (expired, cancelled, down…) mean other
 * things elsewhere, where the shell's shared colours would apply.
 */

const colorOf = (table: Readonly<Record<string, string>>, status: string) => table[status] ?? 'default';

export function CertificateStatusTag({ status }: { status: string }) {
  return <StatusTag status={status} color={colorOf(CERTIFICATE_STATUS_COLORS, status)} />;
}

/** Days left, highlighted (bold, coloured) when the certificate ends within 30 days or has ended. */
export function DaysLeft({ days, status }: { days: number; status: CertificateStatus }) {
  const { text, tone } = daysLeftText(days, status);
  return tone ? (
    <Text type={tone} strong>
      {text}
    </Text>
  ) : (
    <span>{text}</span>
  );
}

export function ReportStatusTag({ status }: { status: string }) {
  return <StatusTag status={status} color={colorOf(COMPONENT_DIFF_STATUS_COLORS, status)} />;
}

const KIND_LABELS: Record<string, string> = {
  version: 'version',
  image: 'image',
  version_and_image: 'version + image',
};

export function DiffKindTag({ kind }: { kind: string }) {
  return <StatusTag status={KIND_LABELS[kind] ?? kind} color={colorOf(COMPONENT_DIFF_KIND_COLORS, kind)} />;
}

export function HealthTag({ health }: { health: string }) {
  return <StatusTag status={health} color={colorOf(O11Y_HEALTH_COLORS, health)} />;
}

/** A report's scope in words: "All clusters", "AWS clusters", "Tenant Acme (id)", or both. */
export function scopeText(scope: ComponentDiffScope): string {
  const tenant = scope.tenant_id ? `tenant ${scope.tenant_name ?? scope.tenant_id}` : null;
  if (scope.provider && tenant) return `${scope.provider} clusters of ${tenant}`;
  if (scope.provider) return `${scope.provider} clusters`;
  if (tenant) return `Clusters of ${tenant}`;
  return 'All clusters';
}

/** A version and an image tag, one above the other. */
export function VersionImage({ version, image }: { version: string; image: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Text code>{version}</Text>
      <br />
      <Text type="secondary" style={{ fontSize: 12 }}>
        {image}
      </Text>
    </span>
  );
}
