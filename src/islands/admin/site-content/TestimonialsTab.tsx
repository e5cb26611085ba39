/** Tab 2: testimonials for the landing page: add, edit, switch on and off, delete. */
import { formatLongDate } from '../../../lib/dates.ts';
import type { Testimonial } from '../../../shared/schemas/testimonial.ts';
import { TestimonialForm } from './TestimonialForm.tsx';
import { ToggleItemsTab } from './ToggleItemsTab.tsx';

export default function TestimonialsTab() {
  return (
    <ToggleItemsTab<Testimonial>
      heading="Testimonials"
      intro="Active testimonials, each with the client's consent, appear on the landing page after the next rebuild."
      noun="testimonial"
      Noun="Testimonial"
      plural="testimonials"
      empty="No testimonials available."
      listPath="/api/admin/testimonials"
      itemPath="/api/testimonials"
      Form={TestimonialForm}
      renderBody={(testimonial) => (
        <>
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
