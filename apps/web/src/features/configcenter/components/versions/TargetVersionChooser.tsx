import { useState } from 'react';
import { Flex, Input, Modal, Radio } from 'antd';
import { Text } from '../../../../shared/ui/Typography';
import { suggestTargetVersions, targetVersionError } from './targetVersion';

type Choice = 'patch' | 'minor' | 'custom';

export interface TargetVersionChooserProps {
  open: boolean;
  /** The version the new one starts from: the suggestions follow it. */
  sourceVersion: string | undefined;
  /** The cluster type's versions: a target may not be one of them. */
  existing: readonly string[];
  /** The target chosen so far, if any. */
  value: string | undefined;
  onChoose(version: string): void;
  onClose(): void;
}

/**
 * The target-version chooser (spec §2 /version): the next patch or the next minor of the source version, or a
 * version typed in; it must be given ("target version is required"), look like vX.Y.Z and not exist yet.
 */
export function TargetVersionChooser({
  open,
  sourceVersion,
  existing,
  value,
  onChoose,
  onClose,
}: TargetVersionChooserProps) {
  const suggestions = suggestTargetVersions(sourceVersion, existing);
  const initial = suggestions.find((s) => s.version === value);
  const [choice, setChoice] = useState<Choice | undefined>(initial ? initial.kind : value ? 'custom' : undefined);
  const [typed, setTyped] = useState(initial ? '' : (value ?? ''));
  const [error, setError] = useState<string | undefined>(undefined);

  const chosen =
    choice === 'custom' ? typed.trim() : (suggestions.find((s) => s.kind === choice)?.version ?? undefined);

  const confirm = () => {
    const problem = targetVersionError(chosen, existing);
    setError(problem);
    if (problem || !chosen) return;
    onChoose(chosen);
  };

  return (
    <Modal
      title="Choose the target version"
      open={open}
      okText="Choose"
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Flex vertical gap={12}>
        <Text type="secondary">
          {sourceVersion ? `Suggested from ${sourceVersion}, or type a version.` : 'Type a version (vX.Y.Z).'}
        </Text>
        <Radio.Group
          aria-label="Target version choices"
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value as Choice);
            setError(undefined);
          }}
        >
          <Flex vertical gap={8}>
            {suggestions.map((s) => (
              <Radio key={s.kind} value={s.kind}>
                {s.label}: <Text code>{s.version}</Text>
              </Radio>
            ))}
            <Radio value="custom">Another version</Radio>
          </Flex>
        </Radio.Group>
        <Input
          aria-label="Target version"
          placeholder="v8.5.2"
          value={typed}
          status={error ? 'error' : undefined}
          onFocus={() => setChoice('custom')}
          onChange={(e) => {
            setTyped(e.target.value);
            setChoice('custom');
            setError(undefined);
          }}
          onPressEnter={confirm}
        />
        {error ? (
          <Text type="danger" role="alert">
            {error}
          </Text>
        ) : null}
      </Flex>
    </Modal>
  );
}
