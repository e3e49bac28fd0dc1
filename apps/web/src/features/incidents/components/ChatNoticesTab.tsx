import { useState } from 'react';
import { Button } from 'antd';
import { incidentsApi } from '@portal/contract';
import type { Incident } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { ChatMessagesPanel } from '../../../shared/ui/ChatMessagesPanel';
import { lazyDialog } from '../../../shared/ui/lazyDialog';

const NoticeDialog = lazyDialog(() => import('./NoticeDialog').then((m) => m.NoticeDialog));

/** The chat notices the incident sent (the portal's chat outbox), newest first, and Send chat notice. */
export function ChatNoticesTab({ incident }: { incident: Incident }) {
  const can = useCan();
  const [sending, setSending] = useState(false);
  return (
    <>
      {can(incidentsApi.notice) ? (
        <div className="incident-toolbar">
          <Button type="primary" onPointerEnter={NoticeDialog.preload} onClick={() => setSending(true)}>
            Send chat notice
          </Button>
        </div>
      ) : null}
      <ChatMessagesPanel sourceType="incident" sourceId={incident.id} emptyText="No chat notices sent yet" />
      <NoticeDialog incident={incident} open={sending} onClose={() => setSending(false)} />
    </>
  );
}
