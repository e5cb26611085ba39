/**
 * The FAQ filter (src/islands/FaqFilter.tsx): one category pressed at a time, All by default,
 * each showing exactly its questions with their numbers kept; the items open and close
 * independently.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { DEFAULT_CLAIMS } from '#src/content/practice.ts';
import { FAQ_CATEGORIES, faqFor } from '#src/content/faq.ts';
import FaqFilter from '#src/islands/FaqFilter.tsx';

const FAQ = faqFor(DEFAULT_CLAIMS);

function open() {
  const user = userEvent.setup({ delay: null });
  const { container } = render(<FaqFilter items={FAQ} categories={FAQ_CATEGORIES} />);
  const filters = within(screen.getByRole('group', { name: 'Filter questions by category' }));
  const items = () => [...container.querySelectorAll<HTMLElement>('li[data-faq-category]')];
  const summary = (question: string) => screen.getByText(question).closest('summary')!;
  return { user, filters, items, summary };
}

test('filters by category, one pressed at a time, and All shows every question again', async () => {
  const { user, filters, items } = open();
  const all = filters.getByRole('button', { name: 'All' });
  expect(items()).toHaveLength(9);
  expect(all.getAttribute('aria-pressed')).toBe('true');
  for (const category of FAQ_CATEGORIES) {
    const button = filters.getByRole('button', { name: category });
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(filters.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true')).toEqual([button]);
    const expected = FAQ.filter((item) => item.category === category);
    expect(items().map((item) => item.querySelector('h3')?.textContent)).toEqual(expected.map((item) => item.question));
    // A question keeps its number in the whole list (its summary's and answer's ids).
    const index = FAQ.indexOf(expected[0]!);
    expect(items()[0]!.querySelector('summary')?.id).toBe(`faq-q-${index}`);
    expect(items()[0]!.querySelector(`#faq-a-${index}`)?.textContent).toContain(expected[0]!.answer);
  }
  await user.click(all);
  expect(items()).toHaveLength(9);
  expect(all.getAttribute('aria-pressed')).toBe('true');
});

test('items open and close independently', async () => {
  const { user, summary } = open();
  const first = summary(FAQ[0]!.question);
  const second = summary(FAQ[1]!.question);
  await user.click(first);
  await user.click(second);
  expect(first.parentElement).toHaveProperty('open', true);
  expect(second.parentElement).toHaveProperty('open', true);
  await user.click(first);
  expect(first.parentElement).toHaveProperty('open', false);
  expect(second.parentElement).toHaveProperty('open', true);
});

test('without JavaScript the links go to each category group', () => {
  open();
  const links = within(screen.getByRole('navigation', { name: 'Questions by category' })).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '#faq',
    '#faq-getting-started',
    '#faq-process',
    '#faq-services',
    '#faq-legal-issues',
    '#faq-timing',
  ]);
  for (const link of links.slice(1)) expect(document.querySelector(link.getAttribute('href')!)).not.toBeNull();
});
