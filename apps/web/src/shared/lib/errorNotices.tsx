import { Button } from 'antd';
import { USER_MANUAL_URL } from '@portal/contract';
import { ApiError, errorMessage } from './ApiError';
import { feedback } from './feedback';
import { sessionHooks } from './session-hooks';

export const NETWORK_MESSAGE = 'Seems that your network is not configured correctly';
const UNAUTHORIZED_KEY = 'portal-unauthorized';

function switchAccount(closeKey: string) {
  feedback().notification.destroy(closeKey);
  sessionHooks().switchAccount();
}

/** Spec §8, 401: the account does not exist in the portal. One notice per burst (fixed key). */
export function notifyUnauthorized(): void {
  const email = sessionHooks().getEmail();
  feedback().notification.error({
    key: UNAUTHORIZED_KEY,
    title: 'Unauthorized',
    duration: 0,
    description: (
      <span>
        {email
          ? `Your current account ${email} does not exist in the portal.`
          : 'Your current account does not exist in the portal.'}{' '}
        <a
          href="#switch-account"
          onClick={(event) => {
            event.preventDefault();
            switchAccount(UNAUTHORIZED_KEY);
          }}
        >
          Switch Account
        </a>
      </span>
    ),
  });
}

/** Spec §6/§8, 403: the permission message with the request method and URL, and a Switch Account button. */
export function notifyForbidden(method: string, url: string, privilege?: string): void {
  const email = sessionHooks().getEmail() ?? '';
  const key = `portal-forbidden:${method} ${url}`;
  feedback().notification.error({
    key,
    title: 'Permission denied',
    duration: 0,
    description: (
      <div>
        <div>
          {`Forbidden: Your current account ${email} doesn't have the permission to access this resource, please contact the administrator`}
        </div>
        {privilege ? (
          <div>
            It needs the privilege <code className="code-inline">{privilege}</code>.
          </div>
        ) : null}
        <code className="code-inline">{`${method} ${url}`}</code>
      </div>
    ),
    actions: (
      <Button size="small" type="primary" onClick={() => switchAccount(key)}>
        Switch Account
      </Button>
    ),
  });
}

/** Spec §8, a request that opted in with `showError`: the server message, else the network message. */
export function notifyRequestError(error: ApiError): void {
  feedback().notification.error({
    key: `portal-request-error:${error.method} ${error.url}`,
    title: 'Request failed',
    description: error.serverMessage ?? (
      <span>
        {NETWORK_MESSAGE}.{' '}
        <a href={USER_MANUAL_URL} target="_blank" rel="noreferrer">
          User Manual
        </a>
      </span>
    ),
  });
}

/** Spec §8, operation failures: a dialog titled with the error code, whose content is the server message. */
export function showOperationError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.notified) return;
    feedback().modal.error({ title: error.code, content: errorMessage(error) });
    return;
  }
  const text = errorMessage(error, 'Error');
  feedback().modal.error({ title: text, content: text });
}
