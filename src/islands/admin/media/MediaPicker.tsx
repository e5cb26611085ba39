/**
 * Upload an image (sent as the raw file to /api/media) or choose one already uploaded;
 * the library can also delete an image, after saying where the website still shows it. Used for
 * the featured image and by 'Insert image'. Only images uploaded to this site can be
 * chosen: the pages' CSP shows images from this site only (docs/decisions/015-media-uploads.md).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { ApiError, callApi, callUpload } from '#src/lib/api.ts';
import { blogPostsRoutes } from '#src/shared/api/blog-posts.ts';
import { mediaRoutes } from '#src/shared/api/media.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { imageUses, MEDIA_MAX_BYTES, MEDIA_TYPES, type MediaItem } from '#src/shared/media.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { sydneyFormat } from '#src/shared/sydney-time.ts';

const TOO_LARGE =
  'That image is larger than 4 MB. Please make it smaller (a width of about 2000 pixels is plenty) and try again.';
const WRONG_TYPE =
  'That file is not a JPEG, PNG, WebP or AVIF image, so it cannot be used. (SVG files are not accepted either.)';

function uploadError(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return TOO_LARGE;
  if (error instanceof ApiError && error.status === 415) return WRONG_TYPE;
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `The image was not uploaded${reason}. Please try again.`;
}

const because = (failure: unknown) => (failure instanceof Error && failure.message ? ` (${failure.message})` : '');

const uploadedOn = (iso: string) => sydneyFormat('en-AU', { dateStyle: 'medium' }).format(new Date(iso));

const describe = (item: MediaItem) => `${item.width} × ${item.height}, uploaded ${uploadedOn(item.uploadedAt)}`;

export interface MediaPickerProps {
  /** The image chosen now (its URL), marked as pressed in the library. */
  selected: string | null;
  /** The file input's label. */
  uploadLabel: string;
  /** An image was uploaded or chosen; `how` says which, as a sentence without its full stop. */
  onPick: (url: string, how: string) => void;
  /** Progress to announce (the parent shows it in its status line). */
  onStatus: (message: string) => void;
  /** An image was deleted from the library (the parent drops it if it had chosen it). */
  onDeleted?: (url: string) => void;
}

export function MediaPicker({ selected, uploadLabel, onPick, onStatus, onDeleted }: MediaPickerProps) {
  const base = useId();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [libraryError, setLibraryError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

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
    onStatus('Uploading the image…');
    try {
      const uploaded = await callUpload(mediaRoutes.upload, file);
      onPick(uploaded.url, `Image uploaded (${uploaded.width} × ${uploaded.height} pixels)`);
      setLibrary(null); // the next look at the library includes it
      setLibraryOpen(false);
    } catch (failure) {
      onStatus('');
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
      setLibrary(await callApi(mediaRoutes.list));
    } catch (failure) {
      setLibraryError(`The image library could not be loaded${because(failure)}.`);
    }
  }

  async function remove(item: MediaItem) {
    setDeleting(item.key);
    let users: string[] | null;
    try {
      const [posts, settings] = await Promise.all([callApi(blogPostsRoutes.list), callApi(settingsRoutes.read)]);
      users = imageUses(item.url, posts, settings.team);
    } catch {
      users = null;
    }
    const ok = await confirm({
      title: 'Delete this image?',
      body: (
        <>
          <img src={item.url} alt="" className="mb-3 h-24 w-40 rounded-md bg-slate-100 object-cover" />
          {users === null ? (
            <p>We could not check where it is used. Wherever it shows, nothing will show in its place.</p>
          ) : users.length ? (
            <>
              <p className="font-medium text-red-900">
                It is still used here, and after the next rebuild nothing will show in its place:
              </p>
              <ul className="mt-2 list-disc pl-5" aria-label="Where this image is used">
                {users.map((title, index) => (
                  <li key={index}>{title}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>Nothing on the website uses this image.</p>
          )}
          <p className="mt-2">It is removed from the website and cannot be restored.</p>
        </>
      ),
      confirmLabel: 'Delete image',
    });
    if (!ok) return setDeleting(null);
    try {
      await callApi(mediaRoutes.remove, { params: { key: item.key } });
      setLibrary((items) => items?.filter((other) => other.key !== item.key) ?? null);
      onDeleted?.(item.url);
      showToast({ title: 'Success', description: 'Image deleted' });
    } catch (failure) {
      showToast({
        title: 'Error',
        description: `The image was not deleted${because(failure)}`,
        variant: 'destructive',
      });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0">
          <label htmlFor={`${base}-file`} className="mb-1 block text-sm font-medium text-slate-800">
            {uploadLabel}
          </label>
          <input
            id={`${base}-file`}
            type="file"
            accept={Object.keys(MEDIA_TYPES).join(',')}
            onChange={(event) => void onFile(event)}
            disabled={uploading}
            aria-describedby={`${base}-file-hint${error ? ` ${base}-file-error` : ''}`}
            className="block max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id={`${base}-file-hint`} className="mt-1 text-sm text-slate-600">
            JPEG, PNG, WebP or AVIF, up to 4 MB. About 2000 pixels wide is plenty for the article.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => void toggleLibrary()}
          aria-expanded={libraryOpen}
          aria-controls={`${base}-library`}
        >
          {libraryOpen ? 'Close the library' : 'Choose from the library'}
        </Button>
      </div>
      {error ? (
        <p id={`${base}-file-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
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
                <li key={item.key} className="space-y-1">
                  <button
                    type="button"
                    aria-pressed={selected === item.url}
                    onClick={() => {
                      onPick(item.url, 'Image chosen from the library');
                      setLibraryOpen(false);
                    }}
                    className="block w-full rounded-md border border-slate-300 p-1 text-left text-xs text-slate-700 hover:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-pressed:border-brand-600"
                  >
                    <img
                      src={item.url}
                      alt=""
                      loading="lazy"
                      className="h-20 w-full rounded bg-slate-100 object-cover"
                    />
                    <span className="mt-1 block">Use image {describe(item)}</span>
                  </button>
                  <Button
                    variant="outline"
                    className="w-full text-xs"
                    aria-label={`Delete image ${describe(item)}`}
                    pending={deleting === item.key}
                    disabled={deleting !== null}
                    onClick={() => void remove(item)}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {dialog}
    </div>
  );
}
