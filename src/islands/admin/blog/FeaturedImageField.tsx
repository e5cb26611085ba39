/**
 * The blog form's featured image: upload one or choose one already uploaded (MediaPicker),
 * see it, remove it, and describe it (alt text, required with an image).
 */
import { useState } from 'react';
import { mediaKeyOf } from '#src/shared/media.ts';
import { BLOG_LIMITS, type BlogPost } from '#src/shared/schemas/blog-post.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';

export interface FeaturedImageValue {
  featuredImage: string | null;
  featuredImageAlt: string;
}

/** The form's starting value: an image stored elsewhere by an older version is not kept. */
export const initialFeaturedImage = (
  post: Pick<BlogPost, 'featuredImage' | 'featuredImageAlt'> | null,
): FeaturedImageValue => {
  const uploaded = post?.featuredImage && mediaKeyOf(post.featuredImage) ? post.featuredImage : null;
  return { featuredImage: uploaded, featuredImageAlt: uploaded ? (post?.featuredImageAlt ?? '') : '' };
};

export interface FeaturedImageFieldProps {
  value: FeaturedImageValue;
  onChange: (value: FeaturedImageValue) => void;
  errors: FieldErrors;
  /** The alt text input's id, so the form can move focus to it when it has an error. */
  altId: string;
  /** What the post stored before this form opened (to explain an image that is not kept). */
  stored?: string;
}

export function FeaturedImageField({ value, onChange, errors, altId, stored }: FeaturedImageFieldProps) {
  const [status, setStatus] = useState('');
  const dropped = stored && !mediaKeyOf(stored) ? stored : null;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Featured image</legend>
      {dropped ? (
        <p className="text-sm text-slate-700">
          This post named an image on another site ({dropped}), which the website cannot show. Upload the image here to
          show it with the article.
        </p>
      ) : null}
      {value.featuredImage ? (
        <div className="flex flex-wrap items-center gap-4">
          {/* Decorative here: the alt text field below says what it shows. */}
          <img
            src={value.featuredImage}
            alt=""
            className="h-24 w-40 rounded-md bg-slate-100 object-cover"
            data-testid="featured-image-preview"
          />
          <Button
            variant="outline"
            onClick={() => {
              onChange({ featuredImage: null, featuredImageAlt: '' });
              setStatus('Image removed.');
            }}
          >
            Remove image
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">No image. Articles without one show their text only.</p>
      )}
      <MediaPicker
        selected={value.featuredImage}
        uploadLabel={value.featuredImage ? 'Upload a different image' : 'Upload an image'}
        onPick={(url, how) => {
          onChange({ ...value, featuredImage: url });
          setStatus(`${how}. Now describe it in the alt text field.`);
        }}
        onStatus={setStatus}
        onDeleted={(url) => {
          if (url === value.featuredImage) onChange({ featuredImage: null, featuredImageAlt: '' });
        }}
      />
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {errors.featuredImage?.[0] ? (
        <p className="text-sm font-medium text-destructive">{errors.featuredImage[0]}</p>
      ) : null}
      {value.featuredImage ? (
        <Field
          id={altId}
          name="featuredImageAlt"
          label="Alt text"
          required
          error={errors.featuredImageAlt?.[0]}
          hint="What the image shows, for people who cannot see it (read aloud by screen readers)."
        >
          {(props) => (
            <input
              {...props}
              maxLength={BLOG_LIMITS.imageAlt}
              value={value.featuredImageAlt}
              onChange={(event) => onChange({ ...value, featuredImageAlt: event.target.value })}
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
