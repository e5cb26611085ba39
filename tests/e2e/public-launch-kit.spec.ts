/**
 * The Conveyancing Launch Kit the landing page promises: its link leads to the checklist
 * itself, the page is axe-clean, says it is general information, and its PDF downloads (the
 * same checklist every acknowledgement attaches: tests/functions/mail/mail-html.test.ts).
 * Desktop only: nothing here depends on the width (the page's layout at 375 px is the
 * site's own; the PDF is the same file).
 */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { LAUNCH_KIT } from '#src/content/launch-kit.ts';
import { expectNoAxeViolations, test } from './fixtures.ts';

test('the landing page’s kit leads to the checklist, which is axe-clean and downloads as a PDF', async ({ page }) => {
  await page.goto('/');
  const promo = page.locator('section[aria-labelledby="lead-promo-title"]');
  await promo.getByRole('link', { name: 'checklist of what to do before exchange' }).click();
  await expect(page).toHaveURL(/\/launch-kit\/$/);
  await expect(page.getByRole('heading', { level: 1, name: LAUNCH_KIT.title })).toBeVisible();
  await expect(page.locator('[data-general-information]')).toContainText(LAUNCH_KIT.generalInformation);
  for (const part of LAUNCH_KIT.parts) {
    await expect(page.getByRole('heading', { level: 2, name: part.heading })).toBeVisible();
  }
  await expect(
    page.getByRole('heading', { level: 3, name: 'Understand cooling-off and the s 66W certificate' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the checklist (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(LAUNCH_KIT.pdfFilename);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe(LAUNCH_KIT.title);
  expect(pdf.getPageCount()).toBeGreaterThan(1);
});
