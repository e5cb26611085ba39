/**
 * Settings' sections, each with an address of its own (`/admin/?tab=settings&section=hours`),
 * the way the desk keeps its open enquiry in `?enquiry=`: a section can be linked to, a reload
 * stays on it, and Back and Forward move between the sections opened.
 */
import { useCallback, useEffect, useState } from 'react';

export const SETTINGS_SECTIONS = [
  { id: 'practice', label: 'Practice details' },
  { id: 'hours', label: 'Opening hours' },
  { id: 'team', label: 'Team' },
  { id: 'claims', label: 'Public claims' },
  { id: 'password', label: 'Your password' },
  { id: 'your-sign-in', label: 'Your sign-in' },
  { id: 'notices', label: 'Your notices' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'staff', label: 'Staff accounts' },
  { id: 'sign-in', label: 'Sign-in' },
  { id: 'cash', label: 'Cash' },
  { id: 'duty', label: 'Transfer duty indexation' },
  { id: 'audit', label: 'Audit log' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

/** The parts of the practice-details form: one record, saved whole from any of them. */
export type PracticePart = Extract<SettingsSection, 'practice' | 'hours' | 'team' | 'claims'>;
export const PRACTICE_PARTS: readonly SettingsSection[] = ['practice', 'hours', 'team', 'claims'];

const isSection = (value: string | null): value is SettingsSection =>
  SETTINGS_SECTIONS.some((section) => section.id === value);

/** The section the address names, or the first. */
export function sectionInAddress(): SettingsSection {
  const named = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('section');
  return isSection(named) ? named : 'practice';
}

/** The address of a section: the portal's, on the Settings tab, with that section. */
export function sectionHref(section: SettingsSection): string {
  return `/admin/?tab=settings&section=${section}`;
}

/** The section shown, and a way to open another as a new step of the browser's history. */
export function useSettingsSection(): [SettingsSection, (section: SettingsSection) => void] {
  const [section, setSection] = useState<SettingsSection>(sectionInAddress);
  useEffect(() => {
    const onPop = () => setSection(sectionInAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((next: SettingsSection) => {
    const url = new URL(window.location.href);
    url.searchParams.set('tab', 'settings');
    url.searchParams.set('section', next);
    if (url.href !== window.location.href) history.pushState(history.state, '', url);
    setSection(next);
  }, []);
  return [section, go];
}
