// The interests form's values and rules (spec 1 §2, §4, §5), mirroring the BFF's with the same
// messages from contracts/accounts.json.
import type { InterestsUpdate, Profile } from '@/lib/bff/types';
import { limits, message, options, OTHER_CARRIER, VEHICLE_OWNER_YES, type Option } from '@/lib/accounts';
import type { FieldErrors } from '@/components/forms/useForm';

export type InterestsValues = InterestsUpdate;

export function toInterestsValues(p: Profile): InterestsValues {
  return {
    interests: [...p.interests],
    wirelessCarrier: p.wirelessCarrier,
    wirelessCarrierOther: p.wirelessCarrierOther,
    vehicleOwner: p.vehicleOwner,
    vehicleMake: p.vehicleMake,
    vehicleModel: p.vehicleModel,
    spanishSpeakerInHome: p.spanishSpeakerInHome,
    homeowner: p.homeowner,
    recommendUp: p.recommendUp,
  };
}

/** The request body: the other-carrier text only with 'Other', make and model only with a car. */
export function toInterestsUpdate(v: InterestsValues): InterestsUpdate {
  const owner = v.vehicleOwner === VEHICLE_OWNER_YES;
  return {
    ...v,
    wirelessCarrierOther: v.wirelessCarrier === OTHER_CARRIER ? v.wirelessCarrierOther.trim() : '',
    vehicleMake: owner ? v.vehicleMake : '',
    vehicleModel: owner ? v.vehicleModel : '',
  };
}

/** Choosing a car-owner answer other than yes clears make and model (spec 1 §4). */
export function withVehicleOwner(v: InterestsValues, vehicleOwner: string): InterestsValues {
  return vehicleOwner === VEHICLE_OWNER_YES ? { ...v, vehicleOwner } : { ...v, vehicleOwner, vehicleMake: '', vehicleModel: '' };
}

/** Choosing a make clears a model that belongs to another make. */
export function withVehicleMake(v: InterestsValues, vehicleMake: string): InterestsValues {
  const keep = modelsOf(vehicleMake).some((m) => m.value === v.vehicleModel);
  return { ...v, vehicleMake, vehicleModel: keep ? v.vehicleModel : '' };
}

/** Ticking or unticking one interest. */
export function withInterest(v: InterestsValues, interest: string, on: boolean): InterestsValues {
  const rest = v.interests.filter((i) => i !== interest);
  return { ...v, interests: on ? [...rest, interest] : rest };
}

export function modelsOf(make: string): Option[] {
  return options.vehicleMakes.find((m) => m.value === make)?.models ?? [];
}

/** The form's errors by field, in the order the form shows the fields. */
export function validateInterests(v: InterestsValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.interests.length === 0) errors.interests = message('interestsMinimum');
  if (!v.wirelessCarrier) errors.wirelessCarrier = message('carrierRequired');
  else if (v.wirelessCarrier === OTHER_CARRIER) {
    const other = v.wirelessCarrierOther.trim();
    if (other === '') errors.wirelessCarrierOther = message('carrierOtherRequired');
    else if (other.length > limits.textMaxLength) {
      errors.wirelessCarrierOther = `Please use at most ${limits.textMaxLength} characters.`;
    }
  }
  if (v.vehicleOwner === VEHICLE_OWNER_YES) {
    // The BFF words both under the make; here the model's own select says it when only it is missing.
    if (!v.vehicleMake) errors.vehicleMake = message('vehicleRequired');
    else if (!modelsOf(v.vehicleMake).some((m) => m.value === v.vehicleModel)) errors.vehicleModel = message('vehicleRequired');
  }
  return errors;
}
