// A member's stored profile as the BFF's GET /api/v1/profile answers it, for the account tests.
import type { Profile, ProfileDocument } from '@/lib/bff/types';

export function storedProfile(changes: Partial<Profile> = {}): Profile {
  return {
    firstName: 'Pat',
    lastName: 'Member',
    email: 'member@example.com',
    mobilePhone: '2025550143',
    mobileOpt: true,
    mobileOptDate: '2024-01-02T03:04:05Z',
    emailOpt: true,
    emailOptDate: null,
    union: '7',
    unionJoined: '2010',
    unionLocal: '1234',
    unionRole: 'union_role_1',
    unionRelationship: '',
    employmentStatus: '',
    incomeOpt: false,
    incomeRange: '',
    birthDay: '',
    birthMonth: '',
    birthYear: '',
    home: { address1: '1 Main St', address2: '', city: 'Springfield', country: 'us', state: 'home_IL', zip: '62701' },
    interests: ['travel'],
    wirelessCarrier: 'wireless_carrier_4',
    wirelessCarrierOther: '',
    vehicleOwner: 'vehicle_owner_1',
    vehicleMake: 'Ford',
    vehicleModel: 'F-150',
    spanishSpeakerInHome: '',
    homeowner: '',
    recommendUp: '',
    updated: null,
    ...changes,
  };
}

export const profileDocument = (changes: Partial<Profile> = {}, emailVerified = true): ProfileDocument => ({
  profile: storedProfile(changes),
  emailVerified,
});
