/**
 * Text messages about a client's matter, in words: why the page asks for a mobile number,
 * what the client is told when they turn texts on or off, and the texts' own short lines.
 * Texts are optional and only offered when the practice has set up an SMS provider
 * (docs/decisions/033-text-messages.md); e-mail always goes.
 */

/** Said beside the mobile field: why we ask, and what the number is used for. */
export const TEXTS_WHY =
  'As well as e-mailing you, we can text you when a step in your matter is done and when a deadline is 2 business days away. We use your number for nothing else, and you can stop the texts here at any time.';

export const TEXTS_MOBILE_LABEL = 'Your mobile number';
export const TEXTS_MOBILE_HINT = 'An Australian mobile, e.g. 0412 345 678';
export const TEXTS_MOBILE_MESSAGE = 'Please enter an Australian mobile number, e.g. 0412 345 678';
export const TEXTS_ON_BUTTON = 'Text me about my matter';
export const TEXTS_OFF_BUTTON = 'Stop the texts';

/** After turning texts on or off (the mobile as the client typed it is not repeated). */
export const textsOnSaid = (mobile: string): string => `We will text ${mobile} about your matter.`;
export const TEXTS_OFF_SAID = 'We have stopped the texts. We will still e-mail you.';

/** The answer when the practice has no SMS provider set up. */
export const TEXTS_NOT_SET_UP = 'Text messages are not set up';
