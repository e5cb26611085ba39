/** Tab 6: settings, a page of sections. */
import { useId } from 'react';
import AuditLog from './AuditLog.tsx';
import ChangePasswordForm from '../staff/ChangePasswordForm.tsx';
import OwnEmailForm from '../staff/OwnEmailForm.tsx';
import DutyIndexationPanel from '../duty/DutyIndexationPanel.tsx';
import { TabHeading } from '../kit/parts.tsx';
import PracticeSettings from './PracticeSettings.tsx';
import StaffAccounts from '../staff/StaffAccounts.tsx';

export default function SettingsTab() {
  const base = useId();
  return (
    <div className="space-y-10">
      <TabHeading title="Settings" />
      <PracticeSettings />
      <section aria-labelledby={`${base}-password`} className="space-y-4">
        <h3 id={`${base}-password`} className="text-lg font-semibold text-brand-900">
          Your password
        </h3>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby={`${base}-email`} className="space-y-4">
        <h3 id={`${base}-email`} className="text-lg font-semibold text-brand-900">
          Your notices
        </h3>
        <OwnEmailForm />
      </section>
      <StaffAccounts headingId={`${base}-staff`} />
      <DutyIndexationPanel headingId={`${base}-duty`} />
      <AuditLog headingId={`${base}-audit`} />
    </div>
  );
}
