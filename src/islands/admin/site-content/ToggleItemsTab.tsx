/**
 * Tabs 2 and 3: testimonials and services share one shape: a list with an active switch
 * (it sends the new value at once), edit and delete, and an 'Add' form. The
 * form opens in place (above the list to add, in the item's place to edit), takes the
 * focus, and gives it back to the button that opened it when it closes.
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '#src/ui/Button.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { runAction } from '../kit/actions.ts';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import type { ContentFormProps } from '../kit/ContentForm.tsx';
import { DeleteButton, ListStatus, TabHeading } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useList } from '../kit/useList.ts';

interface ToggleItem {
  id: string;
  title: string;
  isActive: boolean;
  version: string;
}

export interface ToggleItemsApi<T> {
  list: () => Promise<T[]>;
  /** The API's switch: `PUT … { isActive }`. */
  setActive: (id: string, isActive: boolean) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
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
  /** The resource's declared routes (src/shared/api/content.ts), each called once defined outside the tab. */
  api: ToggleItemsApi<T>;
  renderBody: (item: T) => ReactNode;
  Form: ComponentType<ContentFormProps<T>>;
}

export function ToggleItemsTab<T extends ToggleItem>(config: ToggleItemsConfig<T>) {
  const { api } = config;
  const list = useList<T>(api.list);
  const { confirm, dialog } = useConfirm();
  /** Values sent but not yet confirmed by a fresh list. */
  const [sending, setSending] = useState<Record<string, boolean>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  /** The open form: 'new', an item's id, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  /** Where the focus goes back to when the form closes. */
  const opener = useRef<string | null>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  const addButtonId = `add-${config.noun}`;
  const editButtonId = (id: string) => `edit-${config.noun}-${id}`;

  function open(target: string, from: string) {
    opener.current = from;
    setEditing(target);
  }
  function close() {
    setEditing(null);
    setReturnFocus(true);
  }
  // After the render without the form, when the opener (an Edit button re-rendered with
  // its item, or the re-enabled Add button) can take the focus again.
  useEffect(() => {
    if (!returnFocus || editing !== null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- focus returns after the render without the form, and the flag is cleared with it
    setReturnFocus(false);
    document.getElementById(opener.current ?? addButtonId)?.focus();
  }, [returnFocus, editing, addButtonId]);

  async function toggle(item: T, isActive: boolean) {
    setSending((current) => ({ ...current, [item.id]: isActive }));
    await runAction(
      () => api.setActive(item.id, isActive),
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
    const ok = await runAction(
      () => api.remove(item.id),
      { success: `${config.Noun} deleted successfully`, failure: `Failed to delete ${config.noun}` },
      list.reload,
    );
    setDeleting(null);
    if (ok && editing === item.id) setEditing(null);
  }

  async function saved() {
    close();
    await list.reload();
  }

  /** After a 409: the list shows the latest copies, and the form learns the latest version. */
  async function latest(id: string): Promise<T | null> {
    const fresh = await api.list();
    void list.reload();
    return fresh.find((item) => item.id === id) ?? null;
  }

  const form = (item: T | null) => (
    <config.Form key={item?.id ?? 'new'} item={item} onSaved={saved} onCancel={close} onConflict={latest} />
  );

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TabHeading title={config.heading}>{config.intro}</TabHeading>
        <Button
          id={addButtonId}
          variant="secondary"
          aria-expanded={editing === 'new'}
          onClick={() => open('new', addButtonId)}
          disabled={editing === 'new'}
        >
          Add {config.noun}
        </Button>
      </div>
      {editing === 'new' ? <div className="mb-6">{form(null)}</div> : null}
      <ListStatus
        {...list}
        isEmpty={list.items.length === 0}
        empty={config.empty}
        what={config.plural}
        onRetry={() => void list.reload()}
      />
      <ul className="space-y-4">
        {list.items.map((item) => {
          if (editing === item.id) return <li key={item.id}>{form(item)}</li>;
          const pendingValue = sending[item.id];
          const active = pendingValue ?? item.isActive;
          return (
            <li key={item.id}>
              <article
                aria-label={`${config.Noun}: ${item.title}`}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="text-lg font-semibold text-brand-900">{item.title}</h3>
                      <StatusBadge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</StatusBadge>
                    </div>
                    {config.renderBody(item)}
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    {/* The words beside the switch name what it does; the badge says what it is. */}
                    <span className="flex items-center gap-2 text-sm text-slate-700">
                      <Switch
                        checked={active}
                        disabled={pendingValue !== undefined}
                        label={`Show on website: ${item.title}`}
                        onChange={(next) => void toggle(item, next)}
                      />
                      <span aria-hidden="true">Show on website</span>
                    </span>
                    <Button
                      id={editButtonId(item.id)}
                      variant="outline"
                      className="min-h-10 px-3 py-1.5 text-sm"
                      aria-label={`Edit ${config.noun}: ${item.title}`}
                      onClick={() => open(item.id, editButtonId(item.id))}
                    >
                      Edit
                    </Button>
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
