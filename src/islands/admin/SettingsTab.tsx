/** Tab 6: a placeholder until site settings exist (spec §2). */
import { TabHeading } from './parts.tsx';

export default function SettingsTab() {
  return (
    <div>
      <TabHeading title="Settings" />
      <p className="text-slate-700">Site settings management coming soon...</p>
    </div>
  );
}
