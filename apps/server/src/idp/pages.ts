import { PORTAL_NAME } from '@portal/contract';

/** Where the built-in issuer lives inside the server. */
export const MOUNT = '/oidc';
export const STYLESHEET_PATH = `${MOUNT}/static/sign-in.css`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The issuer pages' stylesheet: served as a file so the CSP needs no inline styles. */
export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:14px;color:rgba(0,0,0,.88);background:#f5f5f5}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
.card{width:100%;max-width:380px;background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 1px 6px -1px rgba(0,0,0,.05),0 2px 4px rgba(0,0,0,.04);padding:32px}
h1{font-size:22px;font-weight:600;margin:0 0 4px}
.sub{margin:0 0 24px;color:rgba(0,0,0,.55)}
label{display:block;font-weight:500;margin:0 0 6px}
input{display:block;width:100%;height:36px;padding:4px 11px;font:inherit;border:1px solid #d9d9d9;border-radius:6px;margin:0 0 16px}
input:focus{outline:none;border-color:#1677ff;box-shadow:0 0 0 2px rgba(5,145,255,.15)}
button{display:block;width:100%;height:36px;font:inherit;font-weight:500;border:0;border-radius:6px;background:#1677ff;color:#fff;cursor:pointer;margin-top:8px}
button:hover{background:#4096ff}
button.secondary{background:#fff;color:rgba(0,0,0,.88);border:1px solid #d9d9d9}
button.secondary:hover{color:#1677ff;border-color:#1677ff}
.alert{margin:0 0 16px;padding:8px 12px;border-radius:6px;border:1px solid #ffccc7;background:#fff2f0;color:#a8071a}
.info{margin:0 0 16px;color:rgba(0,0,0,.65)}
a{color:#1677ff}
`.trim();

function layout(body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(PORTAL_NAME)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
<h1>${escapeHtml(PORTAL_NAME)}</h1>
${body}
</main>
</body>
</html>`;
}

export const SIGN_IN_ERRORS = {
  invalid: 'Invalid email or password.',
  rateLimited: 'Too many sign-in attempts, try again in a few minutes.',
  unsafeText: 'The email or password contains a character that is not allowed.',
} as const;

export function signInPage(opts: { action: string; email?: string; error?: string }): string {
  const alert = opts.error ? `<p class="alert" role="alert">${escapeHtml(opts.error)}</p>\n` : '';
  return layout(`<p class="sub">Sign in to continue</p>
${alert}<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required${opts.email ? '' : ' autofocus'} value="${escapeHtml(opts.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${opts.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`);
}

/** The end-session confirmation; `form` is oidc-provider's hidden form (xsrf token), the buttons submit it. */
export function logoutPage(form: string): string {
  return layout(`<p class="sub">Do you want to sign out?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`);
}

export function signedOutPage(portalUrl: string): string {
  return layout(`<p class="sub">You have signed out.</p>
<p class="info"><a href="${escapeHtml(portalUrl)}">Back to ${escapeHtml(PORTAL_NAME)}</a></p>`);
}

/** An error, an optional technical detail under it, and a link to the portal. */
export function errorPage(message: string, portalUrl: string, detail?: string): string {
  const more = detail ? `<p class="info">${escapeHtml(detail)}</p>\n` : '';
  return layout(`<p class="alert" role="alert">${escapeHtml(message)}</p>
${more}<p class="info"><a href="${escapeHtml(portalUrl)}">Back to ${escapeHtml(PORTAL_NAME)}</a></p>`);
}
