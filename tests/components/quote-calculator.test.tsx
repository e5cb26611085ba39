/**
 * The /quote calculator (src/islands/QuoteCalculator.tsx with ./quote/): every output follows
 * what the person types, chooses and ticks (NSW transfer duty by the Duties Act 1997 tables
 * shipped in src/content/transfer-duty.ts, the practice's fees), the fields that stop an
 * estimate say why, and the price field keeps its separators without moving the caret
 * (QuoteInputs: the caret is set in the keystroke's own event).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import QuoteCalculator from '#src/islands/QuoteCalculator.tsx';

// Sydney's 23 November 2025, inside the 2025-26 duty year (only Date is faked: timers run).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-23T01:00:00Z'));
});

function open() {
  const user = userEvent.setup({ delay: null });
  const { container } = render(<QuoteCalculator builtOn="2025-11-20" phone="(02) 5550 0123" />);
  const price = screen.getByLabelText(/Property price/) as HTMLInputElement;
  const output = (label: string) => {
    const term = [...container.querySelectorAll('[data-quote-outputs] dt')].find((dt) =>
      dt.textContent?.includes(label),
    );
    return term?.nextElementSibling?.textContent?.trim();
  };
  const setPrice = async (text: string) => {
    await user.clear(price);
    await user.type(price, text);
  };
  return { user, container, price, output, setPrice };
}

test('the duty and the total follow the price, the boxes, the property type and the contract date', async () => {
  const { user, container, price, output, setPrice } = open();
  for (const label of [
    /Property price/,
    /Property type/,
    /First home buyer/,
    /Foreign purchaser/,
    /Settlement in under 2 weeks/,
  ]) {
    expect(screen.getByLabelText(label)).toBeTruthy();
  }
  expect(screen.getByRole('group', { name: 'I am' })).toBeTruthy();

  await setPrice('$1,500,000');
  expect(output('Transfer duty')).toBe('$64,512');
  expect(output('Estimated total')).toBe('$67,162 to $67,862');
  await setPrice('1000000');
  expect(price.value).toBe('1,000,000');
  expect(output('Transfer duty')).toBe('$39,412');

  await setPrice('800,000');
  await user.click(screen.getByLabelText('Foreign purchaser'));
  expect(output('Transfer duty')).toBe('$102,412');
  expect(screen.getByText(/Includes \$72,000 foreign purchaser surcharge/)).toBeTruthy();
  await user.click(screen.getByLabelText('Foreign purchaser'));

  const contractDate = screen.getByLabelText('Contract date (optional)');
  await user.type(contractDate, '2025-11-23');
  await user.click(screen.getByLabelText('First home buyer'));
  await setPrice('750,000');
  expect(output('Transfer duty')).toBe('$0');
  expect(container.textContent).toContain('No duty: first home buyer exemption.');
  // The concession is worked out (Duties Act 1997 s 78A(2)) and counted in the total.
  await setPrice('900,000');
  expect(output('Transfer duty')).toBe('$19,706');
  expect(container.textContent).toContain('First home buyer concession: $19,706 instead of the full duty.');
  expect(output('Estimated total')).toBe('$22,356 to $23,056');
  await setPrice('850,000');
  expect(output('Transfer duty')).toBe('$9,853');
  await user.selectOptions(screen.getByLabelText('Property type'), 'Vacant land');
  await setPrice('400,000');
  expect(output('Transfer duty')).toBe('$7,221');
  await user.selectOptions(screen.getByLabelText('Property type'), 'Established home');
  await user.click(screen.getByLabelText('First home buyer'));
});

test("the foreign buyers' share, and the rates notice past the newest table's year", async () => {
  const { user, container, output } = open();
  const contractDate = screen.getByLabelText('Contract date (optional)');
  await user.type(contractDate, '2025-11-23');
  // One of two equal buyers is foreign: the surcharge is on half the price (s 104U(2)).
  const shareLabel = "Foreign buyers' share of the property (%)";
  expect(screen.queryByLabelText(shareLabel)).toBeNull();
  await user.click(screen.getByLabelText('Foreign purchaser'));
  const share = screen.getByLabelText(shareLabel) as HTMLInputElement;
  expect(share.value).toBe('100');
  await user.clear(share);
  await user.type(share, '50');
  expect(output('Transfer duty')).toBe('$66,412');
  expect(container.textContent).toContain(
    "Includes $36,000 foreign purchaser surcharge (9% of the foreign buyers' 50% share of the price).",
  );
  await user.clear(share);
  await user.type(share, '0');
  expect(share.getAttribute('aria-invalid')).toBe('true');
  expect(container.textContent).toContain('Please enter a percentage from 1 to 100');
  await user.clear(share);
  await user.type(share, '100');
  await user.click(screen.getByLabelText('Foreign purchaser'));

  // Past the newest table's year the estimate says the thresholds are last year's.
  expect(container.querySelector('[data-rates-notice]')).toBeNull();
  await user.clear(contractDate);
  await user.type(contractDate, '2026-07-01');
  expect(container.querySelector('[data-rates-notice]')?.textContent).toBe(
    "This estimate uses last year's duty thresholds, in force from 1 July 2025: the thresholds for your contract date are not in this calculator yet, so the duty may differ.",
  );
  await user.clear(contractDate);
  await user.type(contractDate, '2025-11-23');
  expect(container.querySelector('[data-rates-notice]')).toBeNull();
});

test('cooling-off, the duty due date, the fee by role and rush, and a price that is not one', async () => {
  const { user, container, price, output, setPrice } = open();
  await user.type(screen.getByLabelText('Contract date (optional)'), '2025-11-23');
  // Off the plan: 10 business days to cool off, and the s 49A deferral.
  await user.selectOptions(screen.getByLabelText('Property type'), 'Off-the-plan');
  expect(output('Cooling-off')).toBe('10 business days');
  expect(container.textContent).toMatch(
    /If you are buying as an individual \(not a company or trust\) and will live in the home, duty falls due at the earliest of settlement, an assignment of the contract or 15 months after the contract \(23 February 2027\); otherwise due by 23 February 2026/,
  );
  await user.selectOptions(screen.getByLabelText('Property type'), 'Established home');
  expect(output('Cooling-off')).toBe('5 business days');
  expect(container.textContent).toContain(
    'Due by 23 February 2026, 3 months after the contract, or at settlement if that is earlier.',
  );

  await user.click(screen.getByLabelText('Buying and selling'));
  await user.selectOptions(screen.getByLabelText('Property type'), 'Off-the-plan');
  await user.click(screen.getByLabelText('Settlement in under 2 weeks'));
  expect(output('Professional fee')).toBe('$2,950');

  await user.click(screen.getByLabelText('Selling'));
  await user.click(screen.getByLabelText('Settlement in under 2 weeks'));
  expect(output('Professional fee')).toBe('$1,850');
  expect(output('Transfer duty')).toBeUndefined();
  expect(output('Estimated total')).toBe('$2,650 to $3,350');

  await setPrice('eight hundred');
  expect(price.getAttribute('aria-invalid')).toBe('true');
  expect(container.textContent).toContain('Please enter a price in dollars, like 800,000');
  expect(output('Estimated total')).toBe('–');
});

test('the price keeps its thousands separators as it is typed, and a digit typed in the middle stays where it was typed', async () => {
  const { user, price, output, setPrice } = open();
  await setPrice('1250000');
  expect(price.value).toBe('1,250,000');
  expect(output('Professional fee')).toBe('$1,850');
  // The caret where the keystroke's own event left it: checked in a microtask after each
  // input, before any later frame could put it back (a slow phone's next tap would undo that).
  const carets: (number | null)[] = [];
  price.addEventListener('input', () => queueMicrotask(() => carets.push(price.selectionStart)));
  await user.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}5');
  expect(price.value).toBe('12,550,000');
  expect(carets).toEqual([4]);
  expect(price.selectionStart).toBe(4);
  // The next digit makes the number longer, so a separator moves: the caret stays after the digit.
  await user.keyboard('0');
  expect(price.value).toBe('125,050,000');
  expect(price.selectionStart).toBe(5);
});
