/** Store `services`: the services staff can switch on and off. */
import { serviceRecordSchema } from '../../../../src/shared/schemas/toggle.ts';
import { toggleableRepository } from './toggleable.ts';

const services = toggleableRepository('services', serviceRecordSchema);

export const listServices = services.list;
export const setServiceActive = services.setActive;
export const deleteService = services.remove;
export const insertService = services.insert;
export const hasNoServices = services.isEmpty;
