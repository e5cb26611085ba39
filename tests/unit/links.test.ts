import { describe, expect, it } from 'vitest';
import { sectionFromPath, sectionHref } from '#src/lib/links.ts';

describe('sectionFromPath', () => {
  it('reads the section of /v2/{section}', () => {
    expect(sectionFromPath('/v2/faq')).toBe('faq');
    expect(sectionFromPath('/v2/hero-form')).toBe('hero-form');
  });
  it('strips everything but letters, digits, _, # and -', () => {
    expect(sectionFromPath('/v2/fa%20q!')).toBe('faq');
    expect(sectionFromPath('/v2/<script>')).toBe('script');
    expect(sectionFromPath('/v2/a_b#c-d')).toBe('a_b#c-d');
  });
  it('answers null without a section', () => {
    expect(sectionFromPath('/v2')).toBeNull();
    expect(sectionFromPath('/v2/')).toBeNull();
    expect(sectionFromPath('/v2/%%%')).toBeNull();
    expect(sectionFromPath('/')).toBeNull();
  });
});

describe('sectionHref', () => {
  it('is an in-page anchor on the landing page only', () => {
    expect(sectionHref('faq', true)).toBe('#faq');
    expect(sectionHref('faq', false)).toBe('/#faq');
  });
});
