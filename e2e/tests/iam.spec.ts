import { expect, test, type Locator } from '@playwright/test';
import { IAM_MESSAGES } from '@portal/contract';
import { ADMIN, baseUrl, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * IAM through the UI (issue 18; spec §2 /iam/entity and its detail pages): the admin creates a user group and adds
 * operator@example.com to it, creates an API key scoped by the viewer role and sees its secret once (it works as a
 * bearer credential), then revokes the key after confirming (the secret stops working).
 */

/** A dialog's text field by its label (a required one's accessible name starts with its `*` mark). */
const textbox = (dialog: Locator, label: string) =>
  dialog.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}$`) });

async function meWith(secret: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/v1/devops/me`, { headers: { authorization: `Bearer ${secret}` } });
  return res.status;
}

test('a user group with a member; an API key shown once, then revoked', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const groupName = `e2e-group-${stamp}`;
  const keyName = `e2e-key-${stamp}`;
  const page = await signedInPage(browser, '/iam/entity?tab=usergroups', ADMIN);

  // A group, opened once created.
  await page.getByRole('button', { name: 'Create User Group' }).click();
  const create = page.getByRole('dialog', { name: 'Create User Group' });
  await textbox(create, 'Name').fill('Not Valid');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText(IAM_MESSAGES.name)).toBeVisible();
  await textbox(create, 'Name').fill(groupName);
  await textbox(create, 'Description').fill('Made by the browser test');
  await create.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, `The user group ${groupName} has been created`);
  await expect(page).toHaveURL(new RegExp(`/iam/entity/usergroups/${groupName}$`));
  await expect(page.getByText('No members yet')).toBeVisible();

  // operator@example.com joins it.
  await page.getByRole('button', { name: 'Add Members' }).click();
  const add = page.getByRole('dialog', { name: `Add Members to ${groupName}` });
  await chooseOption(page, add.getByRole('combobox', { name: 'Users' }), OPERATOR, 'operator');
  // A multiple select keeps its list open: close it (a click elsewhere in the dialog) before submitting.
  await add.getByText(`Add Members to ${groupName}`).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await add.getByRole('button', { name: 'Add' }).click();
  await expectToast(page, `${OPERATOR} has been added`);
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('link', { name: OPERATOR })).toBeVisible();

  // An API key, its secret shown once.
  await page.goto(`${baseUrl()}/iam/entity?tab=apikeys`);
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Create API Key' });
  await textbox(keyDialog, 'Name').fill(keyName);
  await textbox(keyDialog, 'Description').fill('e2e');
  await chooseOption(page, keyDialog.getByRole('combobox', { name: 'Role' }), 'viewer —', undefined, 'viewer');
  await keyDialog.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: `API Key ${keyName} Created` });
  await expect(shown.getByText(IAM_MESSAGES.secretOnce)).toBeVisible();
  const secret = (await shown.getByLabel('Secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^mpk_[A-Za-z0-9_-]{40,}$/);
  expect(await meWith(secret)).toBe(200);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Its page never shows the secret; Revoke, after confirming.
  await page.getByRole('table', { name: 'API keys' }).getByRole('link', { name: keyName }).click();
  await expect(page).toHaveURL(new RegExp(`/iam/entity/apikeys/${keyName}$`));
  await expect(page.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the API key ${keyName}?` });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, `The API key ${keyName} has been revoked`);
  await expect(page.getByText(/This key is revoked/)).toBeVisible();
  expect(await meWith(secret)).toBe(401);
});
