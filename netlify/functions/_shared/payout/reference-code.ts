/**
 * The short code a client reads out on the phone for an account shown on /matter/: derived
 * from the BSB and the account number alone (SHA-256, six characters of an alphabet without
 * 0/O, 1/I/L), so staff holding the same digits in Settings › Accounts see the same code,
 * and a digit changed anywhere changes it. It is not a secret and proves nothing alone: it
 * only lets a caller and staff compare an account in a few words.
 */
import { createHash } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "K7Q-M2X" for a BSB (`NNN-NNN` or six digits) and an account number. */
export function accountReference(bsb: string, number: string): string {
  const digest = createHash('sha256')
    .update(`${bsb.replace(/\D/g, '')}:${number.replace(/\D/g, '')}`)
    .digest();
  const code = [...digest.subarray(0, 6)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
