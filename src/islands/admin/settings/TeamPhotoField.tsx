/**
 * A team member's photo in Settings: upload one or choose one from the image library
 * (MediaPicker, as for a post's featured image), see it, remove it. Only images on this
 * site can be chosen: the pages' CSP (img-src 'self') would block a photo from another
 * site, so a typed address could only ever show a broken image.
 */
import { useState } from 'react';
import { isSitePath } from '#src/shared/schemas/fields.ts';
import { Button } from '#src/ui/Button.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';

export function TeamPhotoField({
  label,
  photo,
  onChange,
}: {
  label: string;
  photo: string;
  onChange: (photo: string) => void;
}) {
  const [status, setStatus] = useState('');
  const elsewhere = photo && !isSitePath(photo);
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
      {elsewhere ? (
        <p className="text-sm text-slate-700">
          The photo at {photo} is on another site, which the website cannot show. Upload it here, or remove it.
        </p>
      ) : null}
      {photo ? (
        <div className="flex flex-wrap items-center gap-4">
          {/* Decorative here, as on the page: the member's name is beside it. */}
          {elsewhere ? null : (
            <img
              src={photo}
              alt=""
              className="size-16 rounded-full bg-slate-100 object-cover"
              data-testid="team-photo-preview"
            />
          )}
          <Button
            variant="outline"
            onClick={() => {
              onChange('');
              setStatus('Photo removed.');
            }}
          >
            Remove photo
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">No photo: the team section shows the role's initials.</p>
      )}
      <MediaPicker
        selected={photo || null}
        uploadLabel={photo ? 'Upload a different photo' : 'Upload a photo'}
        onPick={(url, how) => {
          onChange(url);
          setStatus(`${how}.`);
        }}
        onStatus={setStatus}
        onDeleted={(url) => {
          if (url === photo) onChange('');
        }}
      />
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
    </fieldset>
  );
}
