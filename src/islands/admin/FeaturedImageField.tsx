/**
 * The blog form's featured image: upload one (sent as the raw file to /api/media), or
 * choose one already uploaded, see it, remove it, and describe it (alt text, required
 * with an image). Only images uploaded to this site can be chosen: the pages' CSP shows
 * images from this site only (docs/decisions/015-media-uploads.md).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { ApiError, apiRequest, apiUpload } from '../../lib/api.ts';
import { MEDIA_MAX_BYTES, MEDIA_TYPES, mediaKeyOf, type MediaItem, type UploadedMedia } from '../../shared/media.ts';
import { BLOG_LIMITS, type BlogPost } from '../../shared/schemas/blog-post.ts';
import type { FieldErrors } from '../../shared/schemas/fields.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';

export interface FeaturedImageValue {
  featuredImage: string | null;
  featuredImageAlt: string;
}

/** The form's starting value: an image stored elsewhere by an older version is not kept. */
export const initialFeaturedImage = (post: Pick<BlogPost, 'featuredImage' | 'featuredImageAlt'> | null): FeaturedImageValue => {
  const uploaded = post?.featuredImage && mediaKeyOf(post.featuredImage) ? post.featuredImage : null;
  return { featuredImage: uploaded, featuredImageAlt: uploaded ? (post?.featuredImageAlt ?? '') : '' };
};

const TOO_LARGE = 'That image is larger than 4 MB. Please make it smaller (a width of about 2000 pixels is plenty) and try again.';
const WRONG_TYPE = 'That file is not a JPEG, PNG, WebP or AVIF image, so it cannot be used. (SVG files are not accepted either.)';

function uploadError(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return TOO_LARGE;
  if (error instanceof ApiError && error.status === 415) return WRONG_TYPE;
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `The image was not uploaded${reason}. Please try again.`;
}

const uploadedOn = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Sydney' }).format(new Date(iso));

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
  const base = useId();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [libraryError, setLibraryError] = useState<string | null>(null);
  const dropped = stored && !mediaKeyOf(stored) ? stored : null;

  const choose = (url: string, how: string) => {
    onChange({ ...value, featuredImage: url });
    setError(null);
    setStatus(`${how}. Now describe it in the alt text field.`);
  };

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    if (file.size > MEDIA_MAX_BYTES) {
      setError(TOO_LARGE);
      input.value = '';
      return;
    }
    setUploading(true);
    setStatus('Uploading the image…');
    try {
      const uploaded = await apiUpload<UploadedMedia>('/api/media', file);
      choose(uploaded.url, `Image uploaded (${uploaded.width} × ${uploaded.height} pixels)`);
      setLibrary(null); // the next look at the library includes it
    } catch (failure) {
      setStatus('');
      setError(uploadError(failure));
    } finally {
      setUploading(false);
      input.value = '';
    }
  }

  async function toggleLibrary() {
    if (libraryOpen) return setLibraryOpen(false);
    setLibraryOpen(true);
    setLibraryError(null);
    try {
      setLibrary(await apiRequest<MediaItem[]>('GET', '/api/media'));
    } catch (failure) {
      setLibraryError(`The image library could not be loaded${failure instanceof Error ? ` (${failure.message})` : ''}.`);
    }
  }

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
          <img src={value.featuredImage} alt="" className="h-24 w-40 rounded-md bg-slate-100 object-cover" data-testid="featured-image-preview" />
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
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${base}-file`} className="mb-1 block text-sm font-medium text-slate-800">
            {value.featuredImage ? 'Upload a different image' : 'Upload an image'}
          </label>
          <input
            id={`${base}-file`}
            type="file"
            accept={Object.keys(MEDIA_TYPES).join(',')}
            onChange={onFile}
            disabled={uploading}
            aria-describedby={`${base}-file-hint${error ? ` ${base}-file-error` : ''}`}
            className="block text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id={`${base}-file-hint`} className="mt-1 text-sm text-slate-600">
            JPEG, PNG, WebP or AVIF, up to 4 MB. About 2000 pixels wide is plenty for the article.
          </p>
        </div>
        <Button variant="outline" onClick={toggleLibrary} aria-expanded={libraryOpen} aria-controls={`${base}-library`}>
          {libraryOpen ? 'Close the library' : 'Choose from the library'}
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {error ? (
        <p id={`${base}-file-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {errors.featuredImage?.[0] ? <p className="text-sm font-medium text-destructive">{errors.featuredImage[0]}</p> : null}
      {libraryOpen ? (
        <div id={`${base}-library`}>
          {libraryError ? (
            <p role="alert" className="text-sm text-destructive">
              {libraryError}
            </p>
          ) : library === null ? (
            <p className="text-sm text-slate-700">Loading the images…</p>
          ) : library.length === 0 ? (
            <p className="text-sm text-slate-700">No images uploaded yet.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Uploaded images">
              {library.map((item) => (
                <li key={item.key}>
                  <button
                    type="button"
                    aria-pressed={value.featuredImage === item.url}
                    onClick={() => {
                      choose(item.url, 'Image chosen from the library');
                      setLibraryOpen(false);
                    }}
                    className="block w-full rounded-md border border-slate-300 p-1 text-left text-xs text-slate-700 hover:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-pressed:border-brand-600"
                  >
                    <img src={item.url} alt="" loading="lazy" className="h-20 w-full rounded bg-slate-100 object-cover" />
                    <span className="mt-1 block">
                      Use image {item.width} × {item.height}, uploaded {uploadedOn(item.uploadedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
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
