import { expect, type Page, test } from '@playwright/test';
import { CREATOR_EMAIL } from './support/ports';
import { expectAccessible, signIn, signInAs } from './support/site';

/**
 * Issue 10 §5 in Chromium against the real server: the creator of the `cora` fixture clone
 * revises an answer (the clone gives it from then on, to a paraphrase too, cited as the
 * creator's), adjusts the speaking style, and edits the suggested questions in the studio;
 * visitors see none of it. At desktop and phone widths.
 */
const QUESTIONS = {
  1280: { asked: 'How often do you turn a compost heap?', again: 'How often should I turn my compost heap?' },
  375: { asked: 'What goes into compost?', again: 'what goes in compost' },
} as const;

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** Asks on a fresh talk page and waits for the stored answer (its actions). */
async function askFresh(page: Page, question: string) {
  await page.goto(`/cora/talk?message=${encodeURIComponent(question)}`);
  await expect(log(page).getByRole('button', { name: 'Copy message' })).toBeVisible();
}

for (const width of [1280, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 640 ? 800 : 740 } });

    test('the creator revises an answer and adjusts the speaking style', async ({ page }) => {
      const { asked, again } = QUESTIONS[width];
      await signInAs(page, CREATOR_EMAIL);
      await askFresh(page, asked);
      await page.getByRole('button', { name: 'Revise answer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revise answer' });
      await expect(dialog).toContainText(asked);
      const field = dialog.getByRole('textbox', { name: 'Improved answer' });
      await expect(field).not.toHaveValue('');
      await field.fill('');
      await expect(dialog.getByRole('button', { name: 'Save answer' })).toBeDisabled();
      await field.fill(`Every five days, all year round (${width}).`);
      await page.screenshot({ path: `test-results/creator-revise-${width}.png` });
      await expectAccessible(page, 'the revise-answer dialog');
      await dialog.getByRole('button', { name: 'Save answer' }).click();
      await expect(page.getByText('Clone improved!')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      await page.getByRole('button', { name: 'Adjust speaking style' }).click();
      const tone = page.getByRole('dialog', { name: 'Adjust speaking style' });
      await tone.getByRole('textbox', { name: 'Speaking style' }).fill('Warm and plain, please.');
      await page.screenshot({ path: `test-results/creator-tone-${width}.png` });
      await expectAccessible(page, 'the speaking-style dialog');
      await tone.getByRole('button', { name: 'Adjust style' }).click();
      await expect(page.getByText('Speaking style adjusted!')).toBeVisible();

      // A new conversation: the paraphrase gets the creator's answer, cited as theirs.
      await askFresh(page, again);
      await expect(log(page)).toContainText(`Every five days, all year round (${width}).`);
      await log(page).getByRole('button', { name: 'Sources' }).click();
      await expect(page.getByText('Answer Provided by the Clone Creator').first()).toBeVisible();
      await page.screenshot({ path: `test-results/creator-cited-${width}.png` });
    });

    test('the creator edits the suggested questions in the studio', async ({ page }) => {
      await signInAs(page, CREATOR_EMAIL);
      await page.goto('/cora/talk');
      const edit = page.getByRole('link', { name: 'Edit suggested questions' });
      await expect(edit).toHaveAttribute('href', '/studio/cora/build/questions');
      await expect(edit).toHaveAttribute('target', '_blank');
      await page.goto('/studio/cora/build/questions');
      await expect(page.getByRole('heading', { name: 'Suggested questions' })).toBeVisible();
      const first = page.getByRole('textbox', { name: 'Question 1' });
      await first.fill(`How do you start a heap at ${width}?`);
      await page.getByRole('button', { name: 'Add question' }).click();
      const count = await page.getByRole('textbox', { name: /^Question \d+$/ }).count();
      const added = page.getByRole('textbox', { name: `Question ${count}` });
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      await added.fill('Can compost freeze?');
      await page.screenshot({ path: `test-results/studio-questions-${width}.png`, fullPage: true });
      await expectAccessible(page, 'the studio page');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Suggested questions saved')).toBeVisible();
      await page.getByRole('button', { name: `Remove question ${count}` }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Suggested questions saved').first()).toBeVisible();

      await page.goto('/cora');
      await expect(page.getByRole('region', { name: 'Suggested questions' })).toContainText(
        `How do you start a heap at ${width}?`,
      );
    });
  });
}

test('visitors get no creator tools and no studio', async ({ page }) => {
  await askFresh(page, 'What goes into compost?');
  await expect(page.getByRole('button', { name: 'Revise answer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adjust speaking style' })).toHaveCount(0);
  await page.goto('/studio/cora/build/questions');
  await expect(page.getByText('Sign in as a creator of this clone')).toBeVisible();

  await signIn(page);
  await askFresh(page, 'What goes into compost?');
  await expect(page.getByRole('button', { name: 'Revise answer' })).toHaveCount(0);
  await page.goto('/studio/cora/build/questions');
  await expect(page.getByRole('heading', { name: 'Clone not found' })).toBeVisible();
});
