import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, OTHER_CARRIER, VEHICLE_OWNER_YES } from '@/lib/accounts';
import { InterestsForm } from '@/components/account/InterestsForm';
import {
  toInterestsUpdate,
  toInterestsValues,
  validateInterests,
  withInterest,
  withVehicleMake,
  withVehicleOwner,
  type InterestsValues,
} from '@/components/account/interestsForm';
import { storedProfile } from './accountFixtures';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// My Interests (spec 1 §2, §4, §5).

const values = (changes: Partial<InterestsValues> = {}): InterestsValues => ({
  ...toInterestsValues(storedProfile()),
  ...changes,
});

describe('interests rules', () => {
  it('accepts the stored answers', () => {
    expect(validateInterests(values())).toEqual({});
  });

  it('wants at least one interest, in the exact words', () => {
    expect(validateInterests(values({ interests: [] })).interests).toBe(
      'Minimum of one "What are you interested in?" is required.',
    );
  });

  it('requires the wireless carrier, and the other carrier’s name with Other', () => {
    expect(validateInterests(values({ wirelessCarrier: '' })).wirelessCarrier).toBe(message('carrierRequired'));
    expect(validateInterests(values({ wirelessCarrier: OTHER_CARRIER, wirelessCarrierOther: ' ' })).wirelessCarrierOther).toBe(
      message('carrierOtherRequired'),
    );
    expect(validateInterests(values({ wirelessCarrier: OTHER_CARRIER, wirelessCarrierOther: 'Mint' }))).toEqual({});
  });

  it('requires make and model from a car owner only', () => {
    expect(validateInterests(values({ vehicleMake: '', vehicleModel: '' })).vehicleMake).toBe(message('vehicleRequired'));
    expect(validateInterests(values({ vehicleModel: '' })).vehicleModel).toBe(message('vehicleRequired'));
    expect(validateInterests(values({ vehicleOwner: 'vehicle_owner_2', vehicleMake: '', vehicleModel: '' }))).toEqual({});
  });

  it('clears make and model for any owner answer but yes', () => {
    expect(withVehicleOwner(values(), 'vehicle_owner_3')).toMatchObject({ vehicleMake: '', vehicleModel: '' });
    expect(withVehicleOwner(values(), VEHICLE_OWNER_YES)).toMatchObject({ vehicleMake: 'Ford', vehicleModel: 'F-150' });
  });

  it('clears a model of another make', () => {
    expect(withVehicleMake(values(), 'Jeep').vehicleModel).toBe('');
    expect(withVehicleMake(values(), 'Ford').vehicleModel).toBe('F-150');
  });

  it('ticks and unticks interests', () => {
    expect(withInterest(values(), 'auto', true).interests).toEqual(['travel', 'auto']);
    expect(withInterest(values(), 'travel', false).interests).toEqual([]);
  });

  it('sends the other carrier’s name only with Other', () => {
    expect(toInterestsUpdate(values({ wirelessCarrierOther: 'Mint' })).wirelessCarrierOther).toBe('');
    expect(toInterestsUpdate(values({ wirelessCarrier: OTHER_CARRIER, wirelessCarrierOther: ' Mint ' })).wirelessCarrierOther).toBe(
      'Mint',
    );
  });
});

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const select = (label: RegExp) => screen.getByLabelText(label) as HTMLSelectElement;

describe('InterestsForm', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Save disabled until something changes', () => {
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto and car buying' }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto and car buying' }));
    expect(saveButton().disabled).toBe(true);
  });

  it('shows make and model only for a car owner, and another answer clears them', () => {
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    expect(select(/^Make/).value).toBe('Ford');
    expect(select(/^Model/).value).toBe('F-150');
    const car = within(screen.getByRole('group', { name: 'Do you own a car?' }));
    fireEvent.click(car.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/^Make/)).toBeNull();
    fireEvent.click(car.getByRole('radio', { name: 'Yes' }));
    expect(select(/^Make/).value).toBe('');
    expect(select(/^Model/).value).toBe('');
  });

  it('asks for the other carrier’s name when Other is chosen', () => {
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    expect(screen.queryByLabelText(/^Other carrier/)).toBeNull();
    fireEvent.change(select(/wireless carrier/), { target: { value: OTHER_CARRIER } });
    fireEvent.click(saveButton());
    expect(screen.getByText(message('carrierOtherRequired'))).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Other carrier/));
  });

  it('shows the minimum-one message once the last interest is unticked', () => {
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Travel and hotels' }));
    expect(screen.getByText(message('interestsMinimum'))).toBeTruthy();
  });

  it('saves, shows the answer’s message and is clean again', async () => {
    const fetch = stubFetch(() => ({ body: { profile: storedProfile(), emailVerified: true, message: message('interestsUpdated') } }));
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    fireEvent.click(screen.getByRole('radio', { name: 'No, but interested in purchasing' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('status-messages').textContent).toContain(message('interestsUpdated')));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/profile/interests');
    expect(sentBody(fetch)).toMatchObject({ vehicleOwner: 'vehicle_owner_3', vehicleMake: '', vehicleModel: '', interests: ['travel'] });
    expect(saveButton().disabled).toBe(true);
  });

  it('shows a failure without fields in the alert, in the catalogue’s words', async () => {
    stubFetch(() => problem(503, 'Service Unavailable'));
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto and car buying' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message('interestsError')));
  });

  it('links to the terms and the privacy policy', () => {
    renderWithSession(<InterestsForm profile={storedProfile()} />, SIGNED_IN);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});
