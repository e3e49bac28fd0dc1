import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'portal-demo';
export const OPERATOR = 'operator@example.com';
export const ADMIN = 'admin@example.com';
export const SESSION_KEY = 'portal.session';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup starts the server');
  return url;
}

/** Fills the built-in issuer's sign-in page (after the SPA redirected there). */
export async function fillSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Visits a path signed out, signs in, and waits until the SPA is back on that path. */
export async function signInAt(page: Page, path: string, email: string): Promise<void> {
  // Signed out, the SPA redirects to the issuer straight away; waiting for 'load' could race that redirect.
  await page.goto(baseUrl() + path, { waitUntil: 'commit' });
  await fillSignIn(page, email);
  await page.waitForURL(baseUrl() + path);
}

export async function storedSession(page: Page): Promise<{ idToken: string; expiresAt: number; email: string } | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);
  return raw ? JSON.parse(raw) : null;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Each account's first sign-in in this worker, as its browser state (the SPA's session and the issuer's cookie). */
const sessions = new Map<string, StorageState>();

/**
 * A new browser context (its own tab and storage) signed in as `email` at `path`: two people side by side. The first
 * time an account is asked for, it signs in through the issuer's page; later contexts start with that sign-in's state
 * (its id token is valid 8 hours; an expired one goes back through the issuer's live session), which saves a sign-in
 * round of a few seconds per test. The sign-in itself is tested where it is the subject (foundation, security,
 * origins: they use `signInAt`).
 */
export async function signedInPage(browser: Browser, path: string, email: string): Promise<Page> {
  const state = sessions.get(email);
  const context = await browser.newContext(state ? { storageState: state } : {});
  await context.addInitScript({ content: TOAST_RECORDER });
  const page = await context.newPage();
  if (state) {
    await page.goto(baseUrl() + path, { waitUntil: 'commit' });
    await page.waitForURL(baseUrl() + path);
    return page;
  }
  await signInAt(page, path, email);
  sessions.set(email, await page.context().storageState());
  return page;
}

/**
 * Reads the API with the page's own session (for picking seeded data and reading state back only —
 * the actions under test go through the UI).
 */
export async function apiGet<T>(page: Page, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const session = await storedSession(page);
  if (!session) throw new Error('apiGet needs a signed-in page');
  const res = await page.request.get(baseUrl() + path, {
    params: query,
    headers: { authorization: `Bearer ${session.idToken}`, accept: 'application/json' },
  });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A toast (antd message notices are alerts) saying `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Keeps every alert the page shows (antd's message notices and notifications are alerts) with its latest text, from
 * before the page's first script: a toast lasts 3 s, and a renderer busy with the next page (in CI, on two cores
 * shared with the other tests) can miss all of Playwright's looks at it — the release flow once failed so, passing on
 * its retry. Installed in the contexts of `signedInPage`; `expectToast` reads it.
 */
const TOAST_RECORDER = `(() => {
  const shown = (window.__portalToasts = []);
  const known = new WeakMap();
  const note = (el) => {
    let entry = known.get(el);
    if (!entry) known.set(el, (entry = shown[shown.push({ el, text: '', taken: false }) - 1]));
    entry.text = el.textContent || entry.text;
  };
  // Only what changed is looked at (a whole-document query per change cost the renderer on busy pages): alerts added,
  // and alerts whose content was added to. A notice's text is read again when asked for, while it is in the page.
  new MutationObserver((records) => {
    for (const r of records) {
      const host = r.target.nodeType === 1 ? r.target.closest('[role="alert"]') : null;
      if (host) note(host);
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (n.matches('[role="alert"]')) note(n);
        for (const el of n.querySelectorAll('[role="alert"]')) note(el);
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** Takes the first alert not yet taken whose text matches; null when the page has no recorder. */
const TAKE_TOAST = `(([source, flags, plain]) => {
  const shown = window.__portalToasts;
  if (!shown) return null;
  for (const e of shown) if (e.el.isConnected) e.text = e.el.textContent || e.text;
  const says = (t) => (plain === null ? new RegExp(source, flags).test(t) : t.includes(plain));
  const hit = shown.find((e) => !e.taken && says(e.text));
  if (hit) hit.taken = true;
  return { hit: !!hit, texts: shown.map((e) => e.text) };
})`;

/**
 * Expects a toast saying `text` to show — seen by the page's recorder (`TOAST_RECORDER`) even when it was gone
 * before Playwright looked. Each toast counts once: a second call for the same text wants another one. On failure it
 * names the alerts the page did show (an error message instead, say).
 */
export async function expectToast(page: Page, text: string | RegExp, { timeout = 10_000 } = {}): Promise<void> {
  const arg = typeof text === 'string' ? ['', '', text] : [text.source, text.flags.replace('g', ''), null];
  let texts: string[] = [];
  const take = async (): Promise<boolean> => {
    const out = (await page.evaluate(`${TAKE_TOAST}(${JSON.stringify(arg)})`).catch(() => undefined)) as
      { hit: boolean; texts: string[] } | null | undefined;
    if (out === null) return toast(page, text).isVisible(); // no recorder (a context not made by signedInPage)
    if (out) texts = out.texts;
    return out?.hit ?? false;
  };
  try {
    await expect.poll(take, { timeout }).toBe(true);
  } catch (err) {
    throw new Error(
      `no toast saying ${String(text)} within ${timeout / 1000} s; ` +
        (texts.length ? `the alerts shown: ${texts.map((t) => JSON.stringify(t)).join(', ')}` : 'no alert was shown'),
      { cause: err },
    );
  }
}

/**
 * The nearest ancestor of `field` with the class `className` (e.g. the antd Select or Form item around an input).
 * Not `locator(css, { has: field })`: Playwright queries a `has` locator inside each candidate, so a `field` chained
 * from the page or a dialog never matches there.
 */
export function ancestorWithClass(field: Locator, className: string): Locator {
  return field.locator(`xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ${className} ')][1]`);
}

/**
 * Opens the antd Select of `field`, optionally types into its search, and clicks the option whose text holds `option`
 * (or whose title is `{ title }` exactly), until the choice shows in the field: a click that lands while a dropdown
 * is still animating in or out is lost now and then, and a person would simply choose again.
 */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string | { title: string },
  type?: string,
  /** What the field shows once chosen, when not the option's text (e.g. only its id). */
  shown: string = typeof option === 'string' ? option : option.title,
): Promise<void> {
  const select = ancestorWithClass(field, 'ant-select');
  const chosen = async () => ((await select.textContent()) ?? '').includes(shown);
  await expect(async () => {
    // A multiple Select keeps its dropdown open and a second click on the option would take the choice back: a try
    // whose click landed but whose check came too early is done.
    if (await chosen()) return;
    await field.click();
    if (type) await field.fill(type);
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const options = dropdown.locator('.ant-select-item-option');
    const target =
      typeof option === 'string'
        ? options.filter({ hasText: option })
        : options.and(page.getByTitle(option.title, { exact: true }));
    await target.first().click({ timeout: 5_000 });
    await expect(select).toContainText(shown, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
