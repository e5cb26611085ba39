/** The part of pa11y's API that scripts/validate.ts uses (pa11y ships no types). */
declare module 'pa11y' {
  import type { Browser, Page, Viewport } from 'puppeteer';

  export interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    context: string;
    selector: string;
    runner: string;
  }

  export interface Pa11yOptions {
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    runners?: readonly string[];
    timeout?: number;
    viewport?: Viewport;
    browser?: Browser;
    page?: Page;
    ignoreUrl?: boolean;
  }

  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
