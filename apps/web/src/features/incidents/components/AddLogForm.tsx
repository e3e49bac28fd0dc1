import { useId, useState } from 'react';
import { Button } from 'antd';
// The plain field alone: antd's `Input` export carries Password, Search and OTP with it.
import TextArea from 'antd/es/input/TextArea';
import { INCIDENT_LOG_TEXT_MAX, INCIDENT_MESSAGES } from '@portal/contract';
import { errorMessage, fieldErrors } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { useAddIncidentLog } from '../api';

/** The contract's rule of a log's text (createIncidentLogBody), without loading zod on the page's first paint. */
export function logTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return INCIDENT_MESSAGES.logTextRequired;
  if (trimmed.length > INCIDENT_LOG_TEXT_MAX) return INCIDENT_MESSAGES.logTextTooLong;
  return null;
}

/**
 * "Add log": a note on the incident's timeline. The text is checked as the server checks it, and nothing is sent
 * while it fails; the server's refusal shows under the field.
 */
export function AddLogForm({ incidentId }: { incidentId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddIncidentLog(incidentId);

  const submit = async () => {
    const invalid = logTextProblem(text);
    setProblem(invalid);
    if (invalid) return;
    try {
      await add.mutateAsync({ text: text.trim() });
      setText('');
      feedback().message.success(INCIDENT_MESSAGES.created);
    } catch (error) {
      setProblem(fieldErrors(error)[0]?.message ?? errorMessage(error));
    }
  };

  return (
    <form
      className="incident-log-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="incident-log-form-label">
        Add log
      </label>
      <TextArea
        id={`${id}-text`}
        value={text}
        status={problem ? 'error' : undefined}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-problem` : undefined}
        autoSize={{ minRows: 2, maxRows: 8 }}
        showCount
        maxLength={INCIDENT_LOG_TEXT_MAX}
        placeholder="What was seen, tried or decided (Ctrl+Enter adds it)"
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      {problem ? (
        <div id={`${id}-problem`} role="alert" className="incident-log-form-problem">
          {problem}
        </div>
      ) : null}
      <Button type="primary" htmlType="submit" loading={add.isPending} style={{ marginTop: 8 }}>
        Add log
      </Button>
    </form>
  );
}
