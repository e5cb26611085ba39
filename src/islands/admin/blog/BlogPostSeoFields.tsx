/**
 * The blog post form's search fields: the meta description (with its character count) and
 * the tags, typed as comma-separated words and shown as the tags they will be saved as.
 * `useSeoFields` holds their state; the form spreads `values` into the body it sends.
 */
import { useState } from 'react';
import { SEO_LIMITS, tagLabel, tagsFromText, type BlogPost } from '../../../shared/schemas/blog-post.ts';
import type { FieldErrors } from '../../../shared/schemas/fields.ts';
import { Field } from '../../../ui/Field.tsx';

export function useSeoFields(post: BlogPost | null) {
  const [metaDescription, setMetaDescription] = useState(post?.metaDescription ?? '');
  // Tags read back as words, so editing them is like typing them first.
  const [tagsText, setTagsText] = useState(post?.tags?.map(tagLabel).join(', ') ?? '');
  return {
    values: { metaDescription, tags: tagsFromText(tagsText) },
    fields: { metaDescription, setMetaDescription, tagsText, setTagsText },
  };
}

interface Props {
  fields: ReturnType<typeof useSeoFields>['fields'];
  errors: FieldErrors;
  /** The form's id for a field, so its first-error focus finds these too. */
  idFor: (field: string) => string;
}

export function BlogPostSeoFields({ fields, errors, idFor }: Props) {
  const { metaDescription, setMetaDescription, tagsText, setTagsText } = fields;
  const length = metaDescription.trim().length;
  const over = length - SEO_LIMITS.metaDescription;
  const tags = tagsFromText(tagsText);
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
        {(props) => (
          <textarea
            {...props}
            rows={2}
            value={metaDescription}
            onChange={(event) => setMetaDescription(event.target.value)}
          />
        )}
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
        {(props) => (
          <input
            {...props}
            value={tagsText}
            autoCapitalize="none"
            onChange={(event) => setTagsText(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
