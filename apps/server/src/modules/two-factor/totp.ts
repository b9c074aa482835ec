import type { TotpSetup } from "@precedent/contracts";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { TWO_FACTOR_ISSUER } from "../../constants.ts";

/**
 * The authenticator code itself (RFC 6238: SHA-1, six digits, 30-second steps), apart from whose
 * secret it is and where that is kept: firm users' secrets are the service's, staff accounts'
 * are the operator console's, and both check codes here so the two cannot differ.
 */
export const TOTP_PERIOD_MS = 30_000;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_MS / 1000,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** A secret as typed or published (any case, spaces) in the one form it is kept in; throws if not base32. */
export const normalisedTotpSecret = (secretBase32: string) => Secret.fromBase32(secretBase32).base32;

/** What a person needs to add the secret to an authenticator app: the secret, its URI and a QR code. */
export async function totpSetupOf(secretBase32: string, label: string): Promise<TotpSetup> {
  const uri = totpOf(secretBase32, label).toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return {
    secret: secretBase32,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/**
 * The 30-second step a code belongs to (one step either side of now, for clocks a little out),
 * or null when it is not a code of this secret. The caller keeps the step it last accepted and
 * refuses a step not after it, so a code is never accepted twice.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32, "").validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / TOTP_PERIOD_MS) + delta;
}
