/**
 * 'Insert image' above the content field: a modal dialog to upload or choose an image
 * (MediaPicker) and describe it, which then writes `![alt](url)` into the text at the caret
 * and hands the caret back just after it.
 *
 * The dialog is portalled to <body>: it has a form of its own (Enter in the alt text
 * inserts), and forms cannot nest inside the post's form.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { insertImageAt } from '#src/shared/markdown-image.ts';
import { BLOG_LIMITS, IMAGE_ALT_REQUIRED } from '#src/shared/schemas/blog-post.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';

const NO_IMAGE = 'Upload or choose an image to insert';

export interface InsertImageDialogProps {
  /** The content textarea's id: where the image goes and where focus returns. */
  textareaId: string;
  content: string;
  onChange: (content: string) => void;
}

export function InsertImageDialog({ textareaId, content, onChange }: InsertImageDialogProps) {
  const base = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<{ image?: string; alt?: string }>({});
  /** The caret when the dialog opened (the textarea keeps it while unfocused, but say so). */
  const caret = useRef(0);

  useEffect(() => {
    if (open && ref.current && !ref.current.open) ref.current.showModal();
  }, [open]);

  const textarea = () => document.getElementById(textareaId) as HTMLTextAreaElement | null;

  function show() {
    caret.current = textarea()?.selectionEnd ?? content.length;
    setUrl(null);
    setAlt('');
    setStatus('');
    setErrors({});
    setOpen(true);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // React bubbles events along its own tree: the post's form must not hear this submit.
    event.stopPropagation();
    const found = { image: url ? undefined : NO_IMAGE, alt: alt.trim() ? undefined : IMAGE_ALT_REQUIRED };
    setErrors(found);
    if (found.image || found.alt || !url) {
      if (!found.image) document.getElementById(`${base}-alt`)?.focus();
      return;
    }
    const inserted = insertImageAt(content, caret.current, url, alt);
    ref.current?.close();
    // The new text must be in the textarea before the caret can be placed in it.
    flushSync(() => onChange(inserted.text));
    const field = textarea();
    field?.focus();
    field?.setSelectionRange(inserted.caret, inserted.caret);
  }

  return (
    <>
      <Button variant="outline" onClick={show} aria-haspopup="dialog">
        Insert image
      </Button>
      {open
        ? createPortal(
            <dialog
              ref={ref}
              aria-labelledby={`${base}-title`}
              // A confirm dialog inside (deleting an image) closes too; React hands its close up here.
              onClose={(event) => event.target === event.currentTarget && setOpen(false)}
              className="m-auto w-[min(44rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
            >
              <form noValidate onSubmit={onSubmit} className="space-y-4">
                <h2 id={`${base}-title`} className="text-lg font-semibold text-brand-900">
                  Insert an image into the text
                </h2>
                {url ? (
                  <div className="flex items-center gap-3 text-sm text-slate-700">
                    {/* Decorative here: the alt text field says what it shows. */}
                    <img
                      src={url}
                      alt=""
                      className="h-20 w-32 rounded-md bg-slate-100 object-cover"
                      data-testid="insert-image-preview"
                    />
                    The image to insert
                  </div>
                ) : null}
                <MediaPicker
                  selected={url}
                  uploadLabel={url ? 'Upload a different image' : 'Upload an image'}
                  onPick={(picked, how) => {
                    setUrl(picked);
                    setErrors((found) => ({ ...found, image: undefined }));
                    setStatus(`${how}. Now describe it in the alt text field.`);
                  }}
                  onStatus={setStatus}
                  onDeleted={(gone) => {
                    if (gone === url) setUrl(null);
                  }}
                />
                <p role="status" className="text-sm text-slate-700">
                  {status}
                </p>
                {errors.image ? (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {errors.image}
                  </p>
                ) : null}
                <Field
                  id={`${base}-alt`}
                  name="alt"
                  label="Alt text"
                  required
                  error={errors.alt}
                  hint="What the image shows, for people who cannot see it (read aloud by screen readers)."
                >
                  {(props) => (
                    <input
                      {...props}
                      maxLength={BLOG_LIMITS.imageAlt}
                      value={alt}
                      onChange={(event) => setAlt(event.target.value)}
                    />
                  )}
                </Field>
                <div className="flex flex-wrap justify-end gap-3">
                  <Button variant="outline" onClick={() => ref.current?.close()}>
                    Cancel
                  </Button>
                  <Button type="submit" variant="secondary">
                    Insert image
                  </Button>
                </div>
              </form>
            </dialog>,
            document.body,
          )
        : null}
    </>
  );
}
