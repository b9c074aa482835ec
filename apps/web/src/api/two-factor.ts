import {
  FirmRequirementResponse,
  TotpConfirmResponse,
  TotpSetupResponse,
  TwoFactorDisableResponse,
  type TwoFactorLoginRequest,
  TwoFactorLoginResponse,
  TwoFactorStatusResponse,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export const twoFactorStatusQuery = (teamId: number | undefined) =>
  queryOptions({
    queryKey: ["tfa", teamId ?? null],
    queryFn: ({ signal }) =>
      apiRequest("/api/tfa", TwoFactorStatusResponse, { signal, query: { id_team: teamId } }),
  });

export const beginTotpSetup = () => apiRequest("/api/tfa/totp/setup", TotpSetupResponse, { method: "POST" });

export const confirmTotpSetup = (code: string) =>
  apiRequest("/api/tfa/totp/confirm", TotpConfirmResponse, { method: "POST", body: { code } });

/** A reply whose message is what the caller wants: a success that speaks (account-area §8). */
const itsMessage = {
  parse(json: unknown) {
    const { message } = TwoFactorDisableResponse.parse(json);
    return { message, data: message };
  },
};

/**
 * Turns the user's two-factor sign-in off. Resolves to the server's message, which the page shows
 * before it reloads (account-area §8).
 */
export const disableTwoFactor = (userId: number, proof: { password?: string; code?: string }) =>
  apiRequest(`/api/tfa/${userId}`, itsMessage, { method: "PUT", body: proof });

export const setFirmRequirement = (teamId: number, required: boolean) =>
  apiRequest("/api/tfa/firm-requirement", FirmRequirementResponse, {
    method: "PUT",
    query: { id_team: teamId },
    body: { required },
  });

/** The sign-in's two-factor step: a code or a recovery code with the challenge. */
export const completeTwoFactorSignIn = (input: TwoFactorLoginRequest) =>
  apiRequest("/api/auth/login/two-factor", TwoFactorLoginResponse, {
    method: "POST",
    body: input,
    unauthorizedEndsSession: false,
  });

/** The set-up step of a sign-in a firm requires two-factor for. */
export const beginSignInTotpSetup = (challenge: string) =>
  apiRequest("/api/auth/login/two-factor/setup", TotpSetupResponse, {
    method: "POST",
    body: { challenge },
    unauthorizedEndsSession: false,
  });
