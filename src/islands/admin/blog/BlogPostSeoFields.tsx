/**
 * The blog post form's search fields: the meta description (with its character count) and
 * the tags, typed as comma-separated words and shown as the tags they will be saved as.
 * The form holds their values (by the input schema's names) and sends the tags as `tagsFromText` makes them.
 */
import type { ChangeEvent } from 'react';
import { SEO_LIMITS, tagsFromText } from '#src/shared/schemas/blog-post.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { Field } from '#src/ui/Field.tsx';

/** A text control's value and change handler, as the form's `text(name)` gives them. */
interface TextControl {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

interface Props {
  metaDescription: TextControl;
  /** The tags as typed: comma-separated words. */
  tags: TextControl;
  errors: FieldErrors;
  /** The form's id for a field, so its first-error focus finds these too. */
  idFor: (field: string) => string;
}

export function BlogPostSeoFields({ metaDescription, tags: tagsText, errors, idFor }: Props) {
  const length = metaDescription.value.trim().length;
  const over = length - SEO_LIMITS.metaDescription;
  const tags = tagsFromText(tagsText.value);
  return (
    <>
      <Field
        id={idFor('metaDescription')}
        name="metaDescription"
        label="Meta description"
        error={errors.metaDescription?.[0]}
        hint={
          <>
            For search results and link previews; the excerpt is used when this is empty.{' '}
            <span
              data-testid="meta-description-count"
              className={over > 0 ? 'font-semibold text-destructive' : undefined}
            >
              {over > 0
                ? `${over} ${over === 1 ? 'character' : 'characters'} too long (${length} of ${SEO_LIMITS.metaDescription})`
                : `${length} of ${SEO_LIMITS.metaDescription} characters`}
            </span>
          </>
        }
      >
        {(props) => <textarea {...props} rows={2} {...metaDescription} />}
      </Field>
      <Field
        id={idFor('tags')}
        name="tags"
        label="Tags"
        error={errors.tags?.[0]}
        hint={
          <>
            Separate tags with commas, e.g. “first home buyers, stamp duty”. Up to {SEO_LIMITS.tags}.{' '}
            {tags.length > 0 ? (
              <span data-testid="normalised-tags">
                Saved as:{' '}
                {tags.map((tag, index) => (
                  <span key={tag}>
                    {index > 0 ? ', ' : null}
                    <code className="rounded bg-slate-100 px-1 text-slate-800">{tag}</code>
                  </span>
                ))}
              </span>
            ) : null}
          </>
        }
      >
        {(props) => <input {...props} {...tagsText} autoCapitalize="none" />}
      </Field>
    </>
  );
}
