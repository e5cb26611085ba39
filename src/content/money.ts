/**
 * Money as the site shows it: Australian dollars, en-AU, whole dollars. Here among the facts
 * because the facts are written with it (the FAQ's and the lead guide's prices), and
 * src/content imports nothing of the app.
 */

const AUD = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole dollars in en-AU currency, no cents: 30412 → "$30,412" (cents round half up). */
export const formatAud = (amount: number): string => AUD.format(amount);

/** "$800 to $1,500"; a single figure when both ends agree. */
export const formatAudRange = (range: { min: number; max: number }): string =>
  formatAud(range.min) === formatAud(range.max)
    ? formatAud(range.min)
    : `${formatAud(range.min)} to ${formatAud(range.max)}`;

const AUD_CENTS = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Dollars and cents, for documents a client signs: 1681.82 → "$1,681.82", 1850 → "$1,850.00". */
export const formatAudCents = (amount: number): string => AUD_CENTS.format(amount);
