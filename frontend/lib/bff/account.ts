// The browser's account calls: session, sign-in and sign-up, password and email, profile and
// favorites. They go to this site's own /api/v1, which Next forwards to the BFF, so the session
// cookie stays first-party and HttpOnly; this module must not import the server config.
import type { components } from './schema';

type Schemas = components['schemas'];
export type Session = Schemas['Session'];
export type Member = Schemas['Member'];
export type VisibleUnion = Schemas['VisibleUnion'];
export type AuthResult = Schemas['AuthResult'];
export type SignInRequest = Schemas['SignInRequest'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type ChangeEmailRequest = Schemas['ChangeEmailRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type InterestsUpdate = Schemas['InterestsUpdate'];
export type HomeAddress = Schemas['HomeAddress'];
export type ProfileDocument = Schemas['ProfileDocument'];
export type Favorites = Schemas['Favorites'];
export type FavoriteItem = Schemas['FavoriteItem'];
export type BenefitGroups = Schemas['BenefitGroups'];
export type Message = Schemas['Message'];
type Problem = Schemas['Problem'];

/** The TanStack Query key of the session; every sign-in, sign-out or change invalidates it. */
export const SESSION_KEY = ['session'] as const;

/**
 * A BFF answer that was not a success. `message` is the problem's detail, safe to show (the BFF
 * sends the spec's exact messages); `fields` maps a form field to its error. Status 0: the
 * network failed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(message: string, status: number, code = 'internal', fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'unavailable');
  }
  if (res.ok) return (await res.json()) as T;
  let problem: Problem | undefined;
  try {
    problem = (await res.json()) as Problem;
  } catch {
    problem = undefined;
  }
  const fields: Record<string, string> = {};
  for (const e of problem?.errors ?? []) fields[e.field] ??= e.message;
  // The problem's detail is the message for people (the spec's wording); its title is only the
  // HTTP status text.
  throw new ApiError(problem?.detail ?? problem?.title ?? `The server answered ${res.status}.`, res.status, problem?.code, fields);
}

const json = (method: string) => <T>(path: string, body?: unknown) => call<T>(method, path, body);
const get = json('GET');
const post = json('POST');
const put = json('PUT');
const del = json('DELETE');

export const accountApi = {
  session: () => get<Session>('/api/v1/session'),
  signIn: (body: SignInRequest) => post<AuthResult>('/api/v1/session', body),
  signOut: () => del<Message>('/api/v1/session'),
  register: (body: RegisterRequest) => post<AuthResult>('/api/v1/accounts', body),
  sendVerification: () => post<Message>('/api/v1/session/verification'),
  changePassword: (body: ChangePasswordRequest) => put<AuthResult>('/api/v1/session/password', body),
  changeEmail: (body: ChangeEmailRequest) => put<AuthResult>('/api/v1/session/email', body),
  forgotPassword: (email: string) => post<Message>('/api/v1/password/forgot', { email }),
  resetPassword: (body: ResetPasswordRequest) => post<AuthResult>('/api/v1/password/reset', body),
  profile: () => get<ProfileDocument>('/api/v1/profile'),
  saveProfile: (body: ProfileUpdate) => put<ProfileDocument>('/api/v1/profile', body),
  saveInterests: (body: InterestsUpdate) => put<ProfileDocument>('/api/v1/profile/interests', body),
  favorites: () => get<Favorites>('/api/v1/favorites'),
  addFavorite: (id: string) => put<Favorites>(`/api/v1/favorites/${encodeURIComponent(id)}`),
  removeFavorite: (id: string) => del<Favorites>(`/api/v1/favorites/${encodeURIComponent(id)}`),
  myBenefits: () => get<BenefitGroups>('/api/v1/account/benefits'),
};
