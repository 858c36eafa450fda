import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { APP, HOST } from './support/ports';

/**
 * Issue 9: axe-core on the embed as a visitor meets it on a creator's page (another origin) — the
 * bubble's popup, the inline chat and the full-page chat — at a desktop's and a phone's width.
 * The scan covers the host page and the chat's iframe: no serious or critical violation.
 */
const page = (mode: 'both' | 'fullpage') =>
  `${HOST}/plain/?app=${encodeURIComponent(APP)}${mode === 'fullpage' ? '&mode=fullpage' : ''}`;

async function seriousViolations(p: Page) {
  const results = await new AxeBuilder({ page: p }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the inline chat has no serious or critical accessibility violation', async ({ page: p }) => {
      await p.goto(page('both'));
      await expect(
        p.frameLocator('#inline-chat iframe').getByRole('textbox', { name: /^Message/ }),
      ).toBeVisible();
      await expect(p.locator('#inline-chat .doppel')).not.toHaveAttribute('aria-busy', /.*/);
      expect(await seriousViolations(p)).toEqual([]);
    });

    test('the bubble, open, has no serious or critical accessibility violation', async ({ page: p }) => {
      await p.goto(page('both'));
      await p.getByRole('button', { name: 'Open chat with Juniper Hale' }).click();
      const chat = p.frameLocator('.doppel-bubble iframe');
      await expect(chat.getByRole('textbox', { name: /^Message/ })).toBeVisible();
      await expect(p.locator('.doppel-bubble')).not.toHaveAttribute('aria-busy', /.*/);
      expect(await seriousViolations(p)).toEqual([]);
    });

    test('the full-page chat has no serious or critical accessibility violation', async ({ page: p }) => {
      await p.goto(page('fullpage'));
      const chat = p.frameLocator('.doppel-fullpage iframe');
      await expect(chat.getByRole('textbox', { name: /^Message/ })).toBeVisible();
      await expect(p.locator('.doppel-fullpage')).not.toHaveAttribute('aria-busy', /.*/);
      expect(await seriousViolations(p)).toEqual([]);
    });
  });
}
