/**
 * "Open a matter" on an enquiry whose due diligence is verified (the server refuses it
 * before: AML/CTF Act s 28), or the link to the matter once it has one.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { mattersRoutes } from '#src/shared/api/matters.ts';
import type { DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { toastFailure } from '../kit/actions.ts';
import { Button, buttonClass } from '#src/ui/Button.tsx';
import { flashToast } from '../kit/flash.ts';
import { DateField, SideAndPropertyType } from './MatterFields.tsx';

export const matterHref = (id: string): string => `/admin/?matter=${encodeURIComponent(id)}`;

export function OpenMatter({ detail }: { detail: DeskEnquiryDetail }) {
  const base = useId();
  const [side, setSide] = useState<string>(detail.serviceType.includes('sale') ? 'sale' : 'purchase');
  const [propertyType, setPropertyType] = useState<string>('established');
  const [contractDate, setContractDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [pending, setPending] = useState(false);

  if (detail.cdd?.status !== 'verified') return null;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      // The choices as the form holds them: the server names any it refuses.
      const body = { side, propertyType, ...(contractDate ? { contractDate } : {}) } as BodyOf<
        typeof mattersRoutes.open
      >;
      const matter = await callApi(mattersRoutes.open, { params: { id: detail.id }, body });
      flashToast({ title: 'Success', description: 'Matter opened' });
      window.location.assign(matterHref(matter.id));
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, 'The matter was not opened');
    }
  }

  return (
    <section aria-labelledby={`${base}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={`${base}-title`} className="font-semibold text-slate-900">
        The client's matter
      </h3>
      {detail.matterId ? (
        <a className={`${buttonClass('secondary')} mt-2`} href={matterHref(detail.matterId)}>
          Go to the matter
        </a>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-2 flex flex-wrap items-end gap-2">
          <SideAndPropertyType
            idBase={base}
            side={side}
            propertyType={propertyType}
            errors={errors}
            onSideChange={setSide}
            onPropertyTypeChange={setPropertyType}
            classNames={{ side: 'basis-40', propertyType: 'basis-48' }}
          />
          <DateField
            id={`${base}-contract`}
            label="Contract date (if exchanged)"
            error={errors.contractDate}
            className="basis-48"
            value={contractDate}
            onChange={setContractDate}
          />
          <Button type="submit" pending={pending}>
            Open a matter
          </Button>
        </form>
      )}
    </section>
  );
}
