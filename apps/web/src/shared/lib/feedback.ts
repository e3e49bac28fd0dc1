import type { message, ModalFuncProps, notification } from 'antd';

export type MessageApi = ReturnType<typeof message.useMessage>[0];
export type NotificationApi = ReturnType<typeof notification.useNotification>[0];
export type ModalKind = 'confirm' | 'error' | 'info' | 'success' | 'warning';
export type ModalApi = Record<ModalKind, (config: ModalFuncProps) => void>;

/** An API whose code may still be loading: the same calls, run once it is there (so they answer nothing). */
export type Deferred<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };

/** antd's toasts, as the app's <FeedbackBridge/> (or, outside the app, antd's static functions) provides them. */
export interface ToastApi {
  message: MessageApi;
  notification: NotificationApi;
}

/**
 * Toasts and dialogs for code inside and outside React (the HTTP client). None of antd's message, notification or
 * modal code is needed for the first page: each loads on its first use, and calls made meanwhile run once it has.
 */
export interface FeedbackApi {
  message: Deferred<MessageApi>;
  notification: Deferred<NotificationApi>;
  modal: ModalApi;
}

let toasts: ToastApi | null = null;
let requestToasts: (() => void) | null = null;
const waitingToasts: ((api: ToastApi) => void)[] = [];
let dialogs: ModalApi | null = null;
let requestDialogs: (() => void) | null = null;
const waitingDialogs: ((api: ModalApi) => void)[] = [];

/** The bridge's way to be asked for the toast holder (mounted on the first toast). */
export function setToastRequester(request: (() => void) | null): void {
  requestToasts = request;
  if (request && waitingToasts.length) request();
}

/** Registered by the bridge's toast holder once mounted, so notices use the app's context (theme). */
export function setToastApi(api: ToastApi | null): void {
  toasts = api;
  if (api) for (const run of waitingToasts.splice(0)) run(api);
}

/** The bridge's way to be asked for the dialog holder, and to hand over its API once mounted. */
export function setDialogRequester(request: (() => void) | null): void {
  requestDialogs = request;
  if (request && waitingDialogs.length) request();
}

export function setModalApi(api: ModalApi | null): void {
  dialogs = api;
  if (api) for (const run of waitingDialogs.splice(0)) run(api);
}

function withToasts(run: (api: ToastApi) => void): void {
  if (toasts) {
    // Nothing returned: antd's message is a thenable settling when it fades out (3 s), so a caller that returned it
    // (a confirmation's onOk) would stay open that long.
    run(toasts);
    return;
  }
  if (requestToasts) {
    waitingToasts.push(run);
    requestToasts();
    return;
  }
  // No <FeedbackBridge/> mounted (outside the app): antd's static toasts, loaded on first use, in call order.
  void import('./staticToasts').then(run, (error: unknown) => console.warn('Could not load the toasts', error));
}

function deferred<T extends object>(pick: (api: ToastApi) => T, methods: { [K in keyof T]: true }): Deferred<T> {
  const out: Record<string, (...args: unknown[]) => void> = {};
  for (const name of Object.keys(methods)) {
    out[name] = (...args: unknown[]) =>
      withToasts((api) => (pick(api) as Record<string, (...a: unknown[]) => unknown>)[name]?.(...args));
  }
  return out as Deferred<T>;
}

const messageApi = deferred<MessageApi>((api) => api.message, {
  info: true,
  success: true,
  error: true,
  warning: true,
  loading: true,
  open: true,
  destroy: true,
});

const notificationApi = deferred<NotificationApi>((api) => api.notification, {
  success: true,
  error: true,
  info: true,
  warning: true,
  open: true,
  destroy: true,
});

function withDialogs(kind: ModalKind) {
  return (config: ModalFuncProps) => {
    if (dialogs) {
      dialogs[kind](config);
      return;
    }
    waitingDialogs.push((api) => api[kind](config));
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

const api: FeedbackApi = { message: messageApi, notification: notificationApi, modal };

/** message / notification / modal: in the app's context once the bridge is mounted, else antd's static toasts. */
export function feedback(): FeedbackApi {
  return api;
}

/** Forgets every registration and queued call (between tests). */
export function resetFeedback(): void {
  toasts = null;
  requestToasts = null;
  waitingToasts.length = 0;
  dialogs = null;
  requestDialogs = null;
  waitingDialogs.length = 0;
}
