import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { Text } from '../../../shared/ui/Typography';

/** Privileges as tags, grouped by their area (`billing.read`, `billing.write` …), or a dash when there are none. */
export function PrivilegeTags({ privileges, empty = 'None' }: { privileges: readonly string[]; empty?: string }) {
  if (!privileges.length) return <Text type="secondary">{empty}</Text>;
  const areas = new Map<string, string[]>();
  for (const p of privileges) {
    const area = p.slice(0, p.indexOf('.'));
    areas.set(area, [...(areas.get(area) ?? []), p]);
  }
  return (
    <div className="iam-privileges" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      {[...areas].map(([area, ps]) => (
        <div key={area} role="group" aria-label={area}>
          {ps.map((p) => (
            <Tag key={p} color={p.startsWith('admin.') ? 'red' : p.endsWith('.read') ? 'blue' : 'orange'}>
              {p}
            </Tag>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Names as tags (roles, groups, policies), each a link when `href` is given. */
export function NameTags({
  names,
  color,
  link,
}: {
  names: readonly string[];
  color?: string;
  link?: (name: string) => ReactNode;
}) {
  if (!names.length) return <Text type="secondary">-</Text>;
  return (
    <span>
      {names.map((n) => (
        <Tag key={n} color={color}>
          {link ? link(n) : n}
        </Tag>
      ))}
    </span>
  );
}
