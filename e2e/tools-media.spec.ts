import { expect, test } from '@playwright/test';
import { tinyPdf } from '../packages/server/test/support/tiny-pdf';

/**
 * Issue 10 §3 and §4 in Chromium against the real server and the demo clone (voice: espeak-ng):
 * a clone answer read aloud, and a PDF and an image attached — the image shown in the
 * conversation, the PDF's content used in the answer — at desktop and phone widths.
 */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  tinyPdf(['Workshop inventory.', 'The cherry tool chest holds exactly nineteen chisels in a walnut rack.']),
);

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 640 ? 800 : 740 } });

    test('a clone answer is read aloud', async ({ page }) => {
      await page.goto(`/demo/talk?message=${encodeURIComponent('How high should my workbench be?')}`);
      const log = page.getByRole('log', { name: 'Conversation' });
      const read = log.getByRole('button', { name: 'Read aloud' }).first();
      await expect(read).toBeVisible();
      const speech = page.waitForResponse(
        (r) => r.url().endsWith('/api/tts') && r.request().method() === 'POST',
      );
      await read.click();
      const answer = await speech;
      expect([answer.status(), answer.headers()['content-type']]).toEqual([200, 'audio/wav']);
      await expect(log.getByRole('button', { name: 'Stop reading aloud' })).toBeVisible();
      const playing = await page.locator('audio[data-doppel-read-aloud]').evaluate((el) => {
        const audio = el as HTMLAudioElement;
        return { paused: audio.paused, src: audio.currentSrc.startsWith('blob:') };
      });
      expect(playing).toEqual({ paused: false, src: true });
      await page.screenshot({ path: `test-results/read-aloud-${width}.png` });
      await log.getByRole('button', { name: 'Stop reading aloud' }).click();
      await expect(log.getByRole('button', { name: 'Read aloud' }).first()).toBeVisible();
    });

    test('a PDF and an image are attached; the image is shown and the PDF read', async ({ page }) => {
      await page.goto('/demo/talk');
      await page.getByRole('button', { name: 'Message menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Upload File' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Start New Conversation' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByTestId('attach-input').setInputFiles([
        { name: 'Tool Chest.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'Bench Photo.PNG', mimeType: 'image/png', buffer: PIXEL_PNG },
      ]);
      const chips = page.getByRole('list', { name: 'Attached files' });
      await expect(chips.getByText('tool-chest.pdf')).toBeVisible();
      await expect(chips.getByText('Uploaded')).toHaveCount(2);
      await page.screenshot({ path: `test-results/attachments-draft-${width}.png` });

      await page.getByRole('textbox').fill('How many chisels does the cherry tool chest hold?');
      await page.getByRole('button', { name: 'Send message' }).click();
      const log = page.getByRole('log', { name: 'Conversation' });
      await expect(log.locator('img.message-image')).toBeVisible();
      await expect(log.getByText(/nineteen chisels/)).toBeVisible();
      await expect(chips).toHaveCount(0);
      const loaded = await log
        .locator('img.message-image')
        .evaluate((img) => (img as HTMLImageElement).naturalWidth);
      expect(loaded).toBe(1);
      await page.screenshot({ path: `test-results/attachments-answer-${width}.png` });
    });
  });
}
