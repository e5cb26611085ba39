/** Tab 2: testimonials staff switch on and off for the landing page. */
import type { Testimonial } from '../../shared/schemas/toggle.ts';
import { ToggleItemsTab } from './ToggleItemsTab.tsx';

export default function TestimonialsTab() {
  return (
    <ToggleItemsTab<Testimonial>
      heading="Testimonials"
      intro="Switch testimonials on or off, or delete ones you no longer need."
      noun="testimonial"
      Noun="Testimonial"
      plural="testimonials"
      empty="No testimonials available."
      listPath="/api/admin/testimonials"
      itemPath="/api/testimonials"
      renderBody={(testimonial) => (
        <>
          {testimonial.position ? <p className="text-sm text-slate-700">{testimonial.position}</p> : null}
          <p className="mt-2 whitespace-pre-line text-slate-800">{testimonial.content}</p>
        </>
      )}
    />
  );
}
