/**
 * pa11y (npm run validate) drives Debian's Chromium at /usr/bin/chromium through puppeteer:
 * `npm install` must never download a browser of its own (this network refuses it).
 */
module.exports = { skipDownload: true };
