/** The desk's warning that no alert channel is set, so nobody hears of a new enquiry. */
import { useAlertChannels } from './useDesk.ts';

export function AlertsNotConfigured() {
  const channels = useAlertChannels();
  if (!channels || channels.email || channels.webhook) return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      Alerts are not configured: nobody is told when an enquiry arrives. Set ALERT_SMTP_URL or ALERT_WEBHOOK_URL (see
      the README).
    </p>
  );
}
