import { Button, Flex, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ParameterOperation } from '@portal/contract';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { Text } from '../../../shared/ui/Typography';

export interface PendingChangesListProps {
  params: ParameterOperation[];
  images: Record<string, string>;
  /** The target version of a pending version change. */
  version?: string | null;
  onRemoveParam(op: ParameterOperation): void;
  onRemoveImage(component: string): void;
  onRemoveVersion?(): void;
  onClear(): void;
}

type Row =
  | { key: string; kind: 'param'; op: ParameterOperation }
  | { key: string; kind: 'image'; component: string; tag: string }
  | { key: string; kind: 'version'; version: string };

const removeLabel = (row: Row) =>
  row.kind === 'param'
    ? `Remove ${row.op.name}`
    : row.kind === 'image'
      ? `Remove ${row.component} image`
      : 'Remove version';

/** The version, parameter and image operations collected so far, each removable, before the preview. */
export function PendingChangesList({
  params,
  images,
  version,
  onRemoveParam,
  onRemoveImage,
  onRemoveVersion,
  onClear,
}: PendingChangesListProps) {
  const rows: Row[] = [
    ...(version ? [{ key: 'v', kind: 'version' as const, version }] : []),
    ...params.map((op): Row => ({ key: `p:${op.configType}:${op.name}`, kind: 'param', op })),
    ...Object.entries(images).map(([component, tag]): Row => ({
      key: `i:${component}`,
      kind: 'image',
      component,
      tag,
    })),
  ];
  if (!rows.length) {
    return <Text type="secondary">No pending changes: edit a parameter or modify an image.</Text>;
  }
  return (
    <>
      <ul className="pending-list" aria-label="Pending changes">
        {rows.map((row) => (
          <li key={row.key}>
            {row.kind === 'param' ? (
              <Flex gap={8} align="center" wrap style={{ flex: 1 }}>
                <Tag color={row.op.actionType === 'unset' ? 'volcano' : 'blue'}>{row.op.actionType}</Tag>
                <Text type="secondary">{row.op.configType}</Text>
                <Text code>{row.op.name}</Text>
                {row.op.actionType === 'set' ? (
                  <>
                    <span>→</span>
                    <Text code>{row.op.value === '' ? '""' : row.op.value}</Text>
                    <Text type="secondary">({row.op.type})</Text>
                  </>
                ) : (
                  <Text type="secondary">back to its default</Text>
                )}
              </Flex>
            ) : row.kind === 'version' ? (
              <Flex gap={8} align="center" wrap style={{ flex: 1 }}>
                <Tag color="cyan">version</Tag>
                <span>→</span>
                <Text code>{row.version}</Text>
              </Flex>
            ) : (
              <Flex gap={8} align="center" wrap style={{ flex: 1 }}>
                <Tag color="purple">image</Tag>
                <Text strong>{row.component}</Text>
                <span>→</span>
                <Text code>{row.tag}</Text>
              </Flex>
            )}
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={removeLabel(row)}
              onClick={() =>
                row.kind === 'param'
                  ? onRemoveParam(row.op)
                  : row.kind === 'image'
                    ? onRemoveImage(row.component)
                    : onRemoveVersion?.()
              }
            />
          </li>
        ))}
      </ul>
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <ConfirmButton
          size="small"
          danger
          confirmTitle="Discard all pending changes?"
          okText="Discard"
          onConfirm={onClear}
        >
          Discard all
        </ConfirmButton>
      </Flex>
    </>
  );
}
