/** Tab 6: a placeholder until site settings exist (spec §2). */
import { TabHeading } from './parts.tsx';
import PracticeSettings from './PracticeSettings.tsx';

export default function SettingsTab() {
  return (
    <div>
      <TabHeading title="Settings" />
      <PracticeSettings />
    </div>
  );
}
