import { Alert, Checkbox, Flex, Spin, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useRoleOptions } from '../api';

export interface RoleCheckboxesProps {
  value?: string[];
  onChange?: (roles: string[]) => void;
  /** Roles that cannot be unticked here (e.g. your own admin role), with the reason. */
  locked?: { roles: readonly string[]; reason: string };
  'aria-label'?: string;
}

/** One checkbox per role of /rbac, with its description and how many privileges it grants. A Form.Item control. */
export function RoleCheckboxes({ value = [], onChange, locked, ...rest }: RoleCheckboxesProps) {
  const roles = useRoleOptions();
  if (roles.isPending) return <Spin size="small" />;
  if (roles.error)
    return <Alert type="error" showIcon title="The roles could not be loaded" description={String(roles.error)} />;
  return (
    <Checkbox.Group
      value={value}
      onChange={(next) => onChange?.(next as string[])}
      aria-label={rest['aria-label']}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={8}>
        {roles.data.items.map((role) => {
          const isLocked = Boolean(locked?.roles.includes(role.name) && value.includes(role.name));
          const box = (
            <Checkbox value={role.name} disabled={isLocked}>
              <strong>{role.name}</strong>{' '}
              <Tooltip title={role.privileges.join(', ')}>
                <Tag>{`${role.privileges.length} privileges`}</Tag>
              </Tooltip>
              <span className="text-secondary">{role.description}</span>
            </Checkbox>
          );
          return isLocked ? (
            <Tooltip key={role.name} title={locked?.reason}>
              <span>{box}</span>
            </Tooltip>
          ) : (
            <span key={role.name}>{box}</span>
          );
        })}
        <span className="text-secondary">
          What each role grants is on <Link to="/rbac">RBAC</Link>.
        </span>
      </Flex>
    </Checkbox.Group>
  );
}
