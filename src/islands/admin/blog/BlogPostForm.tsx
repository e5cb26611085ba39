/**
 * The blog post form: create mode, or edit mode for `post`.
 * The slug follows the title until someone edits it by hand (and never changes by
 * itself when editing, so published links stay put). On any failure what the person
 * typed stays in the form; a 409 (slug taken, or the post changed meanwhile) is
 * explained above the button.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { blogPostsRoutes } from '#src/shared/api/blog-posts.ts';
import { blogPostInputSchema, slugify, tagLabel, tagsFromText, type BlogPost } from '#src/shared/schemas/blog-post.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { FeaturedImageField, initialFeaturedImage } from './FeaturedImageField.tsx';
import { InsertImageDialog } from './InsertImageDialog.tsx';
import { normalisePublishedAt, toDateTimeLocal } from '#src/shared/publish-time.ts';
import { PublishAtField } from './PublishAtField.tsx';
import { UnsavedDraftPrompt } from './UnsavedDraftPrompt.tsx';
import { useUnsavedDraft } from './useUnsavedDraft.ts';
import { WritePreview } from './WritePreview.tsx';

import { BlogPostSeoFields } from './BlogPostSeoFields.tsx';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { useSchemaFields } from '../kit/useSchemaFields.ts';

const FIELD_ORDER = [
  'title',
  'slug',
  'excerpt',
  'content',
  'featuredImageAlt',
  'metaDescription',
  'tags',
  'publishedAt',
] as const;

export interface BlogPostFormProps {
  /** The post being edited, or null to create one. */
  post: BlogPost | null;
  onSaved: (post: BlogPost) => void | Promise<void>;
  onCancel: () => void;
  /** The post changed on the server meanwhile: the list should show the newer version. */
  onConflict?: () => void;
}

export function BlogPostForm({ post, onSaved, onCancel, onConflict }: BlogPostFormProps) {
  const editing = post !== null;
  // The fields by the input schema's names, each as its control holds it: the date and time
  // as the picker's local text, the tags as the comma-separated words typed.
  const { values, text, set } = useSchemaFields(blogPostInputSchema, {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    isPublished: post?.isPublished ?? false,
    publishedAt: toDateTimeLocal(post?.publishedAt),
    metaDescription: post?.metaDescription ?? '',
    // Tags read back as words, so editing them is like typing them first.
    tags: post?.tags?.map(tagLabel).join(', ') ?? '',
  });
  const { title, slug, content, isPublished, publishedAt: publishAt } = values;
  const [slugEdited, setSlugEdited] = useState(editing);
  const [image, setImage] = useState(() => initialFeaturedImage(post));
  const [pending, setPending] = useState(false);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const { errors, formError, setFormError, showFieldErrors, validate } = useFormErrors(FIELD_ORDER, id);
  // Edits kept in this browser until saved or discarded, under the names drafts were first kept by.
  const draft = useUnsavedDraft(
    post?.id ?? 'new',
    post?.version ?? null,
    {
      title,
      slug,
      excerpt: values.excerpt,
      content,
      image,
      isPublished,
      publishAt,
      metaDescription: values.metaDescription,
      tagsText: values.tags,
    },
    (kept) => {
      set('title', kept.title ?? '');
      set('slug', kept.slug ?? '');
      setSlugEdited(true);
      set('excerpt', kept.excerpt ?? '');
      set('content', kept.content ?? '');
      setImage(kept.image ?? initialFeaturedImage(post));
      set('isPublished', kept.isPublished === true);
      set('publishedAt', kept.publishAt ?? '');
      set('metaDescription', kept.metaDescription ?? '');
      set('tags', kept.tagsText ?? '');
    },
  );

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body = {
      title,
      slug,
      excerpt: values.excerpt,
      content,
      ...image,
      // Unchanged, a stored day stays a day rather than becoming its midnight.
      publishedAt: publishAt === toDateTimeLocal(post?.publishedAt) ? (post?.publishedAt ?? null) : publishAt,
      isPublished,
      metaDescription: values.metaDescription,
      tags: tagsFromText(values.tags),
      ...(post ? { version: draft.version ?? post.version } : {}),
    };
    if (!validate(blogPostInputSchema, body)) return;
    setPending(true);
    try {
      const saved = post
        ? await callApi(blogPostsRoutes.update, { params: { id: post.id }, body })
        : await callApi(blogPostsRoutes.create, { body });
      showToast({
        title: 'Success',
        description: editing ? 'Blog post updated successfully' : 'Blog post created successfully',
      });
      setPending(false);
      draft.saved();
      await onSaved(saved);
    } catch (error) {
      setPending(false);
      showToast({
        title: 'Error',
        description: editing ? 'Failed to update blog post' : 'Failed to create blog post',
        variant: 'destructive',
      });
      if (error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 404)) {
        if (error.fieldErrors) {
          showFieldErrors(error.fieldErrors);
        }
        setFormError(error.message);
        if (error.status === 409 && !error.fieldErrors) onConflict?.();
      } else {
        setFormError(
          `The post was not saved${error instanceof Error && error.message ? ` (${error.message})` : ''}. Your text is still here; please try again.`,
        );
      }
    }
  }

  return (
    <section
      aria-labelledby={id('heading')}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id={id('heading')} className="text-lg font-semibold text-brand-900">
          {editing ? 'Edit Blog Post' : 'Add New Blog Post'}
        </h3>
        {editing ? (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel Edit
          </Button>
        ) : null}
      </div>
      <UnsavedDraftPrompt draft={draft} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <Field id={id('title')} name="title" label="Post Title" required error={errors.title?.[0]}>
          {(props) => (
            <input
              {...props}
              value={title}
              onChange={(event) => {
                set('title', event.target.value);
                if (!slugEdited) set('slug', slugify(event.target.value));
              }}
            />
          )}
        </Field>
        <Field
          id={id('slug')}
          name="slug"
          label="URL Slug"
          required
          error={errors.slug?.[0]}
          hint={
            <>
              The article's address: /blog/{slug || 'your-slug'}
              {editing
                ? '. Changing it breaks links people already have.'
                : '. Suggested from the title; edit it if you like.'}
            </>
          }
        >
          {(props) => (
            <input
              {...props}
              value={slug}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => {
                set('slug', event.target.value);
                // Clearing the slug in a new post hands it back to the title.
                setSlugEdited(editing || event.target.value !== '');
              }}
            />
          )}
        </Field>
        <Field id={id('excerpt')} name="excerpt" label="Excerpt" error={errors.excerpt?.[0]}>
          {(props) => <textarea {...props} rows={2} {...text('excerpt')} />}
        </Field>
        <WritePreview
          content={content}
          article={{
            title,
            // The date the article will show: the one chosen, else the stored one, else today's.
            date:
              (publishAt ? normalisePublishedAt(publishAt) : null) ??
              post?.publishedAt ??
              post?.createdAt ??
              new Date(currentTime()).toISOString(),
            image: image.featuredImage ? { src: image.featuredImage, alt: image.featuredImageAlt } : null,
          }}
        >
          <div className="mb-2 flex justify-end">
            <InsertImageDialog
              textareaId={id('content')}
              content={content}
              onChange={(changed) => set('content', changed)}
            />
          </div>
          <Field
            id={id('content')}
            name="content"
            label="Content"
            required
            error={errors.content?.[0]}
            hint="Markdown: a blank line between paragraphs, ## for a heading, - for a list, [text](https://…) for a link, | for a table."
          >
            {(props) => <textarea {...props} rows={8} {...text('content')} />}
          </Field>
        </WritePreview>
        <FeaturedImageField
          value={image}
          onChange={setImage}
          errors={errors}
          altId={id('featuredImageAlt')}
          stored={post?.featuredImage}
        />
        <BlogPostSeoFields metaDescription={text('metaDescription')} tags={text('tags')} errors={errors} idFor={id} />
        <div className="flex items-center gap-3">
          <Switch
            id={id('published')}
            checked={isPublished}
            onChange={(on) => set('isPublished', on)}
            labelledBy={`${id('published-label')} ${id('published-hint')}`}
          />
          {/* The words are the switch's label: clicking them turns it on or off, as a checkbox's label does.
              aria-labelledby names it too, for checkers that do not read a <label> on a button. */}
          <label htmlFor={id('published')} className="cursor-pointer">
            <span id={id('published-label')} className="block text-sm font-medium text-slate-800">
              Published
            </span>
            <span id={id('published-hint')} className="block text-sm text-slate-700">
              Make this post visible on the website
            </span>
          </label>
        </div>
        <PublishAtField
          id={id('publishedAt')}
          value={publishAt}
          onChange={(changed) => set('publishedAt', changed)}
          isPublished={isPublished}
          error={errors.publishedAt?.[0]}
        />
        {formError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {formError}
          </div>
        ) : null}
        <Button type="submit" variant="secondary" pending={pending}>
          {editing ? (pending ? 'Updating...' : 'Update Blog Post') : pending ? 'Creating...' : 'Add Blog Post'}
        </Button>
      </form>
    </section>
  );
}
