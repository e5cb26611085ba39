/**
 * Tab 7: Settings, in sections with addresses of their own (settings-sections.ts), listed
 * beside the section shown (above it on a phone). The practice record's form stays mounted
 * across its four sections, so what was typed in one is still there in the next; the other
 * sections load afresh each time they are opened (the audit log shows what happened since).
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $session } from '#src/stores/session.ts';
import AuditLog from './AuditLog.tsx';
import ChangePasswordForm from '../staff/ChangePasswordForm.tsx';
import OwnEmailForm from '../staff/OwnEmailForm.tsx';
import OwnPasskeys from '../passkeys/OwnPasskeys.tsx';
import SignInRules from '../passkeys/SignInRules.tsx';
import CashPolicy from '../compliance/CashPolicy.tsx';
import DutyIndexationPanel from '../duty/DutyIndexationPanel.tsx';
import { TabHeading } from '../kit/parts.tsx';
import PracticeAccounts from './PracticeAccounts.tsx';
import PracticeSettings from './PracticeSettings.tsx';
import { SettingsNav } from './SettingsNav.tsx';
import { PRACTICE_PARTS, SETTINGS_SECTIONS, useSettingsSection, type PracticePart } from './settings-sections.ts';
import StaffAccounts from '../staff/StaffAccounts.tsx';

export default function SettingsTab() {
  const base = useId();
  const session = useStore($session);
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  const [named, open] = useSettingsSection();
  // The duty indexation, the sign-in rule and the cash policy are a principal's; for staff their addresses open the first section.
  const sections = SETTINGS_SECTIONS.filter(
    (section) => !['duty', 'sign-in', 'cash'].includes(section.id) || isPrincipal,
  );
  const section = sections.some((entry) => entry.id === named) ? named : 'practice';
  const practicePart = PRACTICE_PARTS.includes(section) ? (section as PracticePart) : null;
  return (
    <div className="space-y-6">
      <TabHeading title="Settings" />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <SettingsNav sections={sections} current={section} onOpen={open} />
        <div className="min-w-0 flex-1" data-testid="settings-section">
          <div hidden={!practicePart}>
            <PracticeSettings part={practicePart ?? 'practice'} onShowPart={open} />
          </div>
          {section === 'password' ? (
            <section aria-labelledby={`${base}-password`} className="space-y-4">
              <h3 id={`${base}-password`} className="text-lg font-semibold text-brand-900">
                Your password
              </h3>
              <ChangePasswordForm />
            </section>
          ) : null}
          {section === 'your-sign-in' ? (
            <section aria-labelledby={`${base}-passkeys`} className="space-y-4">
              <h3 id={`${base}-passkeys`} className="text-lg font-semibold text-brand-900">
                Your sign-in
              </h3>
              <OwnPasskeys />
            </section>
          ) : null}
          {section === 'notices' ? (
            <section aria-labelledby={`${base}-email`} className="space-y-4">
              <h3 id={`${base}-email`} className="text-lg font-semibold text-brand-900">
                Your notices
              </h3>
              <OwnEmailForm />
            </section>
          ) : null}
          {section === 'accounts' ? <PracticeAccounts headingId={`${base}-accounts`} /> : null}
          {section === 'staff' ? <StaffAccounts headingId={`${base}-staff`} /> : null}
          {section === 'sign-in' && session.status === 'signed-in' ? (
            <SignInRules headingId={`${base}-sign-in`} myId={session.user.id} />
          ) : null}
          {section === 'cash' ? <CashPolicy headingId={`${base}-cash`} /> : null}
          {section === 'duty' ? <DutyIndexationPanel headingId={`${base}-duty`} /> : null}
          {section === 'audit' ? <AuditLog headingId={`${base}-audit`} /> : null}
        </div>
      </div>
    </div>
  );
}
