import { API, type TwoFactorLoginRequest } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, callForMessage } from "./call";

export const twoFactorStatusQuery = (teamId: number | undefined) =>
  queryOptions({
    queryKey: ["tfa", teamId ?? null],
    queryFn: ({ signal }) => call(API.twoFactor.status, { signal, query: { id_team: teamId } }),
  });

export const beginTotpSetup = () => call(API.twoFactor.beginTotpSetup);

export const confirmTotpSetup = (code: string) => call(API.twoFactor.confirmTotpSetup, { body: { code } });

/**
 * Turns the user's two-factor sign-in off. Resolves to the server's message, which the page shows
 * before it reloads (account-area §8): a success that speaks.
 */
export const disableTwoFactor = (userId: number, proof: { password?: string; code?: string }) =>
  callForMessage(API.twoFactor.disable, { params: { id: userId }, body: proof });

export const setFirmRequirement = (teamId: number, required: boolean) =>
  call(API.twoFactor.setFirmRequirement, { query: { id_team: teamId }, body: { required } });

/** The sign-in's two-factor step: a code or a recovery code with the challenge. */
export const completeTwoFactorSignIn = (input: TwoFactorLoginRequest) =>
  call(API.auth.signInCode, { body: input, unauthorizedEndsSession: false });

/** The set-up step of a sign-in a firm requires two-factor for. */
export const beginSignInTotpSetup = (challenge: string) =>
  call(API.auth.signInTotpSetup, { body: { challenge }, unauthorizedEndsSession: false });
