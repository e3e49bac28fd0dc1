import { Button, Checkbox, Flex, Space, Tooltip } from 'antd';
import { PRIVILEGE_AREAS, PRIVILEGE_CATALOGUE, privilegeArea } from '@portal/contract';
import type { PrivilegeArea } from '@portal/contract';

/** The catalogue grouped by area, in catalogue order. */
export const PRIVILEGE_GROUPS = (Object.keys(PRIVILEGE_AREAS) as PrivilegeArea[])
  .map((area) => ({
    area,
    label: PRIVILEGE_AREAS[area],
    privileges: PRIVILEGE_CATALOGUE.filter((p) => privilegeArea(p.name) === area),
  }))
  .filter((g) => g.privileges.length > 0);

export interface PrivilegePickerProps {
  value?: string[];
  onChange?: (privileges: string[]) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * The privileges of a role: one row per area, one checkbox per privilege (its verb; the description on hover).
 * A Form.Item control; the value keeps catalogue order.
 */
export function PrivilegePicker({ value = [], onChange, disabled, id }: PrivilegePickerProps) {
  const chosen = new Set(value);
  const set = (next: Set<string>) =>
    onChange?.(PRIVILEGE_CATALOGUE.map((p) => p.name).filter((name) => next.has(name)));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    set(next);
  };
  const addAll = (suffix: string) =>
    set(new Set([...chosen, ...PRIVILEGE_CATALOGUE.filter((p) => p.name.endsWith(suffix)).map((p) => p.name)]));

  return (
    <div id={id} className="privilege-picker">
      {disabled ? null : (
        <Space size="small" style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => addAll('.read')}>
            Add every read
          </Button>
          <Button size="small" onClick={() => set(new Set())}>
            Clear
          </Button>
          <span className="text-secondary">{`${chosen.size} selected`}</span>
        </Space>
      )}
      <div style={{ maxHeight: 360, overflowY: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}>
        {PRIVILEGE_GROUPS.map((g) => (
          <Flex
            key={g.area}
            gap={12}
            align="center"
            style={{ padding: '6px 12px', borderBottom: '1px solid rgba(5,5,5,0.06)' }}
          >
            <span style={{ width: 170, flex: 'none' }}>{g.label}</span>
            <Flex gap={16} wrap>
              {g.privileges.map((p) => (
                <Tooltip key={p.name} title={`${p.name}: ${p.description}`}>
                  <Checkbox
                    checked={chosen.has(p.name)}
                    disabled={disabled}
                    onChange={(e) => toggle(p.name, e.target.checked)}
                    aria-label={p.name}
                  >
                    {p.name.slice(p.name.indexOf('.') + 1)}
                  </Checkbox>
                </Tooltip>
              ))}
            </Flex>
          </Flex>
        ))}
      </div>
    </div>
  );
}
