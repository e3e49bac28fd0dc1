import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

export const STALE_MESSAGE =
  'The configuration changed since you loaded it. Reload it, check your pending changes and preview again.';

/** The configuration moved under the pending changes: reload before previewing again. */
export function StaleAlert({ onReload }: { onReload(): void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title="The configuration changed"
      description={STALE_MESSAGE}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onReload}>
          Reload
        </Button>
      }
    />
  );
}
