/**
 * Who the costs agreement is with: one client, or joint clients (a couple buying together),
 * each of whom gets their own link and accepts for themselves. Prefilled with the enquiry's
 * person (a variation: the clients of the engagement it varies).
 */
import { ENGAGEMENT_LIMITS, type EngagementClientInput } from '#src/shared/schemas/engagement.ts';
import { Button } from '#src/ui/Button.tsx';

export function ClientsFields({
  clients,
  setClients,
  error,
  id,
}: {
  clients: EngagementClientInput[];
  setClients: (clients: EngagementClientInput[]) => void;
  error: string | undefined;
  /** The element id of a field, as the form's error focus finds it (`clients` is the first input). */
  id: (field: string) => string;
}) {
  const change = (index: number, key: keyof EngagementClientInput, value: string) =>
    setClients(clients.map((client, at) => (at === index ? { ...client, [key]: value } : client)));
  const inputClass =
    'min-h-10 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700';
  const hintId = `${id('clients')}-hint`;
  const errorId = `${id('clients')}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-slate-900">Clients</legend>
      <p id={hintId} className="text-sm text-slate-700">
        Each client gets their own link and accepts for themselves (up to {ENGAGEMENT_LIMITS.clients}).
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {clients.map((client, index) => {
        // The first name is where the form's error focus goes for `clients`.
        const nameId = index === 0 ? id('clients') : `${id('clients')}-${index}-name`;
        const emailId = `${id('clients')}-${index}-email`;
        return (
          <div
            key={index}
            className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            data-testid="engagement-client"
          >
            <div>
              <label htmlFor={nameId} className="block text-sm text-slate-800">
                {`Client ${index + 1}: full name`}
              </label>
              <input
                id={nameId}
                className={inputClass}
                autoComplete="off"
                maxLength={ENGAGEMENT_LIMITS.clientName}
                value={client.name}
                onChange={(event) => change(index, 'name', event.target.value)}
              />
            </div>
            <div>
              <label htmlFor={emailId} className="block text-sm text-slate-800">
                {`Client ${index + 1}: e-mail`}
              </label>
              <input
                id={emailId}
                type="email"
                className={inputClass}
                autoComplete="off"
                maxLength={ENGAGEMENT_LIMITS.email}
                value={client.email}
                onChange={(event) => change(index, 'email', event.target.value)}
              />
            </div>
            {clients.length > 1 ? (
              <Button
                variant="outline"
                aria-label={`Remove client ${index + 1}`}
                onClick={() => setClients(clients.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            ) : null}
          </div>
        );
      })}
      {clients.length < ENGAGEMENT_LIMITS.clients ? (
        <Button variant="outline" onClick={() => setClients([...clients, { name: '', email: '' }])}>
          Add a joint client
        </Button>
      ) : null}
    </fieldset>
  );
}
