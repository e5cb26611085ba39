/**
 * Debian's Chromium, as the tests and benchmarks launch it. Never a downloaded browser.
 * Without the background-networking flags Chromium keeps dialling Google's hosts, which
 * this closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
