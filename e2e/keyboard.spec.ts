import { expect, type Page, test } from '@playwright/test';
import { ask, latestCode, PHONE, signIn } from './support/site';

/**
 * Issue 9 §7, §8 and "keyboard": every action works without a mouse, focus is visible, dialogs
 * keep focus inside while open and give it back to what opened them — Escape included.
 */

/** Presses Tab until `name`'s control has focus (at most `max` times). */
async function tabTo(page: Page, name: string | RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The focused element shows a visible focus ring. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const outline = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'none';
    const style = getComputedStyle(el);
    return style.outlineStyle === 'none' || style.outlineWidth === '0px'
      ? style.boxShadow
      : style.outlineStyle;
  });
  expect(outline).not.toBe('none');
}

/** Tab and Shift+Tab many times: focus never leaves the dialog named `name`. */
async function expectTrapped(page: Page, name: string): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => {
        const dialog = document.activeElement?.closest('[role="dialog"]');
        const labelId = dialog?.getAttribute('aria-labelledby');
        return labelId ? (document.getElementById(labelId)?.textContent ?? null) : null;
      });
      expect(inside, `${key} #${i + 1} stays in ${name}`).toBe(name);
    }
  }
}

test('sign-in by keyboard: focus visible and trapped, a wrong code keeps focus and shows once, Escape gives focus back', async ({
  page,
}) => {
  const email = `keys-${Date.now()}@example.com`;
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Hale', exact: true })).toBeVisible();
  await tabTo(page, 'Sign in');
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
  await expectTrapped(page, 'Sign in');
  await dialog.getByRole('textbox', { name: 'E-mail' }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  const codeStep = page.getByRole('dialog', { name: 'Check your e-mail' });
  const code = codeStep.getByRole('textbox', { name: 'Code' });
  await expect(code).toBeFocused();
  const right = await latestCode(page.request, email);
  await page.keyboard.type(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
  const error = 'Unable to verify code. Please try again';
  await expect(codeStep.getByRole('alert')).toHaveText(error);
  // One error (no toast besides it), and the field keeps focus for the next try.
  await expect(page.getByText(error)).toHaveCount(1);
  await expect(code).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(codeStep).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
});

test('the talk page by keyboard: send, open a source, like, and the history drawer gives focus back', async ({
  page,
}) => {
  await page.goto('/demo/talk');
  await ask(page, 'How do you sharpen a plane iron?');
  const log = page.getByRole('log', { name: 'Conversation' });
  // A citation marker, reached and opened with the keyboard; Escape gives focus back to it.
  const marker = log.getByRole('button', { name: /^Source \d+$/ }).first();
  await marker.focus();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Citations' });
  await expect(sheet.getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(marker).toBeFocused();
  // Like with the keyboard.
  await tabTo(page, 'Like');
  await page.keyboard.press('Space');
  await expect(log.getByRole('button', { name: 'Like', exact: true }).last()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await signIn(page);
  const id = page.url().split('/').pop();
  expect((await page.request.post(`/api/conversations/${id}/claim`)).status()).toBe(200);
  await page.reload();
  const history = page.getByRole('button', { name: 'Conversation history' });
  await history.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'History' });
  await expect(drawer.getByText('Current')).toBeVisible();
  await expectTrapped(page, 'History');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(history).toBeFocused();
});

test('history rows fit the drawer on a phone, and Rename and Archive are reachable there', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto('/demo/talk');
  await ask(page, 'What bench height do you recommend for someone five foot two, who mostly planes by hand?');
  await page.getByRole('button', { name: 'Conversation history' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  const rename = drawer.getByRole('button', { name: /^Rename / }).first();
  const archive = drawer.getByRole('button', { name: /^Archive / }).first();
  await expect(rename).toBeVisible();
  await expect(archive).toBeVisible();
  // Measured once the drawer has slid in (its 220 ms entrance moves the buttons with it).
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  const box = await drawer.boundingBox();
  for (const button of [rename, archive]) {
    const at = await button.boundingBox();
    expect(at && box && at.x + at.width <= box.x + box.width).toBe(true);
  }
  const overflow = await drawer.evaluate((el) => {
    const list = el.querySelector('.history-body');
    return list ? list.scrollWidth - list.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  // Archive, then undo by keyboard: the undo has focus.
  await archive.click();
  const undo = drawer.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('Current')).toBeVisible();
});
