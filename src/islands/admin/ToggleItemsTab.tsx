/**
 * Tabs 2 and 3: testimonials and services share one shape (title, text, active switch,
 * delete). The switch sends the new value at once (spec §4) and shows it while it is sent.
 */
import { useState, type ReactNode } from 'react';
import { apiRequest } from '../../lib/api.ts';
import { Switch } from '../../ui/Switch.tsx';
import { runAction } from './actions.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { Badge, DeleteButton, ListStatus, TabHeading } from './parts.tsx';
import { useList } from './useList.ts';

interface ToggleItem {
  id: string;
  title: string;
  isActive: boolean;
}

export interface ToggleItemsConfig<T extends ToggleItem> {
  heading: string;
  intro: string;
  /** Lower-case singular, e.g. 'testimonial'. */
  noun: string;
  /** Capitalised singular, for the toasts, e.g. 'Testimonial'. */
  Noun: string;
  plural: string;
  empty: string;
  listPath: string;
  /** e.g. '/api/testimonials' (the item's id is appended). */
  itemPath: string;
  renderBody: (item: T) => ReactNode;
}

export function ToggleItemsTab<T extends ToggleItem>(config: ToggleItemsConfig<T>) {
  const list = useList<T>(config.listPath);
  const { confirm, dialog } = useConfirm();
  /** Values sent but not yet confirmed by a fresh list. */
  const [sending, setSending] = useState<Record<string, boolean>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  const itemUrl = (id: string) => `${config.itemPath}/${encodeURIComponent(id)}`;

  async function toggle(item: T, isActive: boolean) {
    setSending((current) => ({ ...current, [item.id]: isActive }));
    await runAction(
      () => apiRequest('PUT', itemUrl(item.id), { isActive }),
      { success: `${config.Noun} updated successfully`, failure: `Failed to update ${config.noun}` },
      list.reload,
    );
    setSending(({ [item.id]: _done, ...rest }) => rest);
  }

  async function remove(item: T) {
    const confirmed = await confirm({
      title: `Delete this ${config.noun}?`,
      body: `"${item.title}" will be removed permanently.`,
      confirmLabel: `Delete ${config.noun}`,
    });
    if (!confirmed) return;
    setDeleting(item.id);
    await runAction(
      () => apiRequest('DELETE', itemUrl(item.id)),
      { success: `${config.Noun} deleted successfully`, failure: `Failed to delete ${config.noun}` },
      list.reload,
    );
    setDeleting(null);
  }

  return (
    <div>
      <TabHeading title={config.heading}>{config.intro}</TabHeading>
      <ListStatus {...list} isEmpty={list.items.length === 0} empty={config.empty} what={config.plural} onRetry={list.reload} />
      <ul className="space-y-4">
        {list.items.map((item) => {
          const pendingValue = sending[item.id];
          const active = pendingValue ?? item.isActive;
          return (
            <li key={item.id}>
              <article aria-label={`${config.Noun}: ${item.title}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="text-lg font-semibold text-brand-900">{item.title}</h3>
                      <Badge tone={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>
                    </div>
                    {config.renderBody(item)}
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="flex items-center gap-2 text-sm text-slate-700">
                      <Switch
                        checked={active}
                        disabled={pendingValue !== undefined}
                        label={`Active ${config.noun}: ${item.title}`}
                        onChange={(next) => void toggle(item, next)}
                      />
                      <span aria-hidden="true">Active</span>
                    </span>
                    <DeleteButton
                      label={`Delete ${config.noun}: ${item.title}`}
                      pending={deleting === item.id}
                      onClick={() => void remove(item)}
                    />
                  </div>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {dialog}
    </div>
  );
}
