import type { Page } from 'playwright-core';
import { waitForSettled } from './settle.ts';

/**
 * Issue 26: the screen's headings as a screen reader lists them: exactly one level-one heading and no
 * level skipped on the way down (h1 → h3 is refused, h3 → h2 is fine). Visible headings only.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  await waitForSettled(page);
  return page.evaluate(() => {
    const shown = (el: Element) => !!(el as HTMLElement).offsetParent || getComputedStyle(el).position === 'fixed';
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"][aria-level]')].filter(shown).map((el) => ({
      level: el.getAttribute('aria-level') ? Number(el.getAttribute('aria-level')) : Number(el.tagName.slice(1)),
      text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 40),
    }));
    const problems: string[] = [];
    const ones = headings.filter((h) => h.level === 1);
    if (ones.length !== 1) problems.push(`${ones.length} level-one headings (${ones.map((h) => h.text).join(', ')})`);
    let previous = 0;
    for (const h of headings) {
      if (h.level > previous + 1) problems.push(`h${h.level} "${h.text}" after h${previous}`);
      previous = h.level;
    }
    return problems;
  });
}

/** Fails unless the screen has one h1 and no skipped heading level (headingProblems). */
export async function expectHeadings(page: Page, screen: string): Promise<void> {
  const problems = await headingProblems(page);
  if (problems.length) throw new Error(`headings on ${screen} (${page.url()}):\n  ${problems.join('\n  ')}`);
}

/**
 * The Latin-letter words a person reads on the settled screen (its visible text, the tab's title and
 * the placeholders), minus `allowed` (names the user typed, brand names, codes; matched whole,
 * case-sensitive), codes in `<code>`, a server setting's name shown for the IT person (`[data-it-detail]`), addresses
 * (`https://…`) and a mail template's variables (`{{appName}}`). A zh-TW screen answers [].
 */
export async function englishWords(page: Page, allowed: readonly string[]): Promise<string[]> {
  await waitForSettled(page);
  const texts = await page.evaluate(() => {
    let visible = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>('[data-it-detail], code')) visible = visible.replace(el.innerText, ' ');
    const placeholders = [...document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')]
      .filter((el) => el.offsetParent && !el.value)
      .map((el) => el.placeholder);
    return [document.title, visible, ...placeholders];
  });
  const allow = new Set(allowed);
  const found = new Set<string>();
  const codes = /https?:\/\/\S+|\{\{[^}]*\}\}/g;
  for (const text of texts.map((x) => x.replace(codes, ' ')))
    for (const word of text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []) if (!allow.has(word)) found.add(word);
  return [...found];
}
