import { Checkbox, Flex, Tag, Tooltip } from 'antd';
import { PORTAL_ROLES } from '@portal/contract';
import { PRIVILEGE_DESCRIPTIONS, privilegesOf } from './privileges';

export interface RoleCheckboxesProps {
  value?: string[];
  onChange?: (roles: string[]) => void;
  /** Roles that cannot be unticked here (e.g. your own admin role), with the reason. */
  locked?: { roles: readonly string[]; reason: string };
  'aria-label'?: string;
}

/** One checkbox per built-in role, each naming the privileges it grants. A Form.Item control. */
export function RoleCheckboxes({ value = [], onChange, locked, ...rest }: RoleCheckboxesProps) {
  return (
    <Checkbox.Group
      value={value}
      onChange={(next) => onChange?.(next as string[])}
      aria-label={rest['aria-label']}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={8}>
        {PORTAL_ROLES.map((role) => {
          const isLocked = Boolean(locked?.roles.includes(role) && value.includes(role));
          const box = (
            <Checkbox value={role} disabled={isLocked}>
              <strong>{role}</strong>{' '}
              {privilegesOf(role).map((p) => (
                <Tooltip key={p} title={PRIVILEGE_DESCRIPTIONS[p]}>
                  <Tag>{p}</Tag>
                </Tooltip>
              ))}
            </Checkbox>
          );
          return isLocked ? (
            <Tooltip key={role} title={locked?.reason}>
              <span>{box}</span>
            </Tooltip>
          ) : (
            <span key={role}>{box}</span>
          );
        })}
      </Flex>
    </Checkbox.Group>
  );
}
