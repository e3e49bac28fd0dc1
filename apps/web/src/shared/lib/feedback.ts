import { message as staticMessage, notification as staticNotification } from 'antd';
import type { message, ModalFuncProps, notification } from 'antd';

export type MessageApi = ReturnType<typeof message.useMessage>[0];
export type NotificationApi = ReturnType<typeof notification.useNotification>[0];
export type ModalKind = 'confirm' | 'error' | 'info' | 'success' | 'warning';
export type ModalApi = Record<ModalKind, (config: ModalFuncProps) => void>;

export interface FeedbackApi {
  message: MessageApi;
  notification: NotificationApi;
  /** Dialogs; antd's Modal code loads on the first one (it is not needed for the first page). */
  modal: ModalApi;
}

let toasts: Pick<FeedbackApi, 'message' | 'notification'> | null = null;
let dialogs: ModalApi | null = null;
let requestDialogs: (() => void) | null = null;
const waiting: ((api: ModalApi) => void)[] = [];

/** Registered by <FeedbackBridge/> so notices raised outside React (the HTTP client) use the app's context. */
export function setFeedbackApi(api: Pick<FeedbackApi, 'message' | 'notification'> | null): void {
  toasts = api;
}

/** The bridge's way to be asked for the dialog holder, and to hand over its API once mounted. */
export function setDialogRequester(request: (() => void) | null): void {
  requestDialogs = request;
  if (request && waiting.length) request();
}

export function setModalApi(api: ModalApi | null): void {
  dialogs = api;
  if (api) for (const run of waiting.splice(0)) run(api);
}

function withDialogs(kind: ModalKind) {
  return (config: ModalFuncProps) => {
    if (dialogs) {
      dialogs[kind](config);
      return;
    }
    waiting.push((api) => api[kind](config));
    if (requestDialogs) requestDialogs();
    else console.warn('A dialog was requested without <FeedbackBridge/> mounted', config.title);
  };
}

const modal: ModalApi = {
  confirm: withDialogs('confirm'),
  error: withDialogs('error'),
  info: withDialogs('info'),
  success: withDialogs('success'),
  warning: withDialogs('warning'),
};

/** message / notification / modal: the app-context ones once mounted, else antd's static toasts. */
export function feedback(): FeedbackApi {
  return {
    message: toasts?.message ?? staticMessage,
    notification: toasts?.notification ?? staticNotification,
    modal,
  };
}

/** Forgets every registration and queued dialog (between tests). */
export function resetFeedback(): void {
  toasts = null;
  dialogs = null;
  requestDialogs = null;
  waiting.length = 0;
}
