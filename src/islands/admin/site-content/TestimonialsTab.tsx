/**
 * Tab 2: testimonials for the landing page: add, edit, switch on and off, delete. A review
 * marked sample is never shown on the website, active or not, and says so here.
 */
import { formatLongDate } from '#src/lib/dates.ts';
import { isSampleReview, SAMPLE_REVIEW_MARK } from '#src/content/placeholders.ts';
import { callApi } from '#src/lib/api.ts';
import { testimonialsRoutes } from '#src/shared/api/testimonials.ts';
import type { Testimonial } from '#src/shared/schemas/testimonial.ts';
import { TestimonialForm } from './TestimonialForm.tsx';
import { ToggleItemsTab, type ToggleItemsApi } from './ToggleItemsTab.tsx';

const api: ToggleItemsApi<Testimonial> = {
  list: () => callApi(testimonialsRoutes.list),
  setActive: (id, isActive) => callApi(testimonialsRoutes.update, { params: { id }, body: { isActive } }),
  remove: (id) => callApi(testimonialsRoutes.remove, { params: { id } }),
};

export default function TestimonialsTab() {
  return (
    <ToggleItemsTab<Testimonial>
      heading="Testimonials"
      intro="Active testimonials, each with the client's consent, appear on the landing page after the next rebuild."
      noun="testimonial"
      Noun="Testimonial"
      plural="testimonials"
      empty="No testimonials available."
      api={api}
      Form={TestimonialForm}
      renderBody={(testimonial) => (
        <>
          {isSampleReview(testimonial) ? (
            <p className="mb-2 text-sm font-semibold text-red-800" data-hidden-review>
              Hidden from the website: its title starts “{SAMPLE_REVIEW_MARK}”, so it is a sample. Replace it with a
              real client’s review.
            </p>
          ) : null}
          {testimonial.position ? <p className="text-sm text-slate-700">{testimonial.position}</p> : null}
          <p className="mt-2 whitespace-pre-line text-slate-800">{testimonial.content}</p>
          <p className="mt-2 text-sm text-slate-700">
            {testimonial.source}, received {formatLongDate(testimonial.receivedAt)}
            {' · '}
            {testimonial.consent ? (
              'Consent recorded'
            ) : (
              <strong className="font-semibold text-red-800">
                No consent recorded: edit it before switching it on
              </strong>
            )}
          </p>
        </>
      )}
    />
  );
}
