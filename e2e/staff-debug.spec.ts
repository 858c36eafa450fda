import { expect, test } from '@playwright/test';
import { STAFF_EMAIL } from './support/ports';
import { expectAccessible, signInAs } from './support/site';

/**
 * Issue 10 §6 in Chromium against the real server: a staff user opens the debug dialog of a clone
 * answer, copies each field with the spec's confirmation, and reads the retrieval behind the answer
 * (passages and ranks). Visitors have no Debug action. At desktop and phone widths.
 */
for (const width of [1280, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 640 ? 800 : 740 } });

    test('staff debug a clone answer', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAs(page, STAFF_EMAIL);
      await page.goto(`/cora/talk?message=${encodeURIComponent('What stays out of the compost heap?')}`);
      const toolbar = page.getByRole('region', { name: 'Staff tools' });
      await expect(toolbar).toContainText('Staff');
      await expect(toolbar).not.toContainText('Debug tools appear here.');
      const log = page.getByRole('log', { name: 'Conversation' });
      await log.getByRole('button', { name: 'Debug message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Debug message' });
      await expect(dialog.getByRole('region', { name: 'Retrieval' })).toContainText(
        'Compost in a small garden',
      );
      await expect(dialog).toContainText("Retrieved from the clone's knowledge");
      await page.screenshot({ path: `test-results/staff-debug-${width}.png` });
      await expectAccessible(page, 'the debug dialog');

      for (const label of ['Timestamp', 'Message ID', 'Conversation ID', 'Citations', 'Files', 'Sender']) {
        await dialog.getByRole('button', { name: `Copy ${label}` }).click();
        await expect(page.getByText(`Copied ${label}`).first()).toBeVisible();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        if (label === 'Timestamp') expect(copied).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        if (label === 'Message ID' || label === 'Conversation ID') expect(copied).toMatch(/^[0-9a-f-]{36}$/);
        if (label === 'Sender') expect(copied).toBe('CLONE');
        if (label === 'Citations') expect(JSON.parse(copied)[0].title).toBe('Compost in a small garden');
      }
      expect(page.url()).toContain('/cora/talk/conversation/');
      const conversationId = page.url().split('/').at(-1);
      await dialog.getByRole('button', { name: 'Copy Conversation ID' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(conversationId);
    });
  });
}

test('visitors have no Debug action', async ({ page }) => {
  await page.goto(`/cora/talk?message=${encodeURIComponent('What stays out of the compost heap?')}`);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByRole('button', { name: 'Copy message' })).toBeVisible();
  await expect(log.getByRole('button', { name: 'Debug message' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Staff tools' })).toHaveCount(0);
});
