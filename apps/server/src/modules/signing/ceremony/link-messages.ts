// The words a signing link's refusals use, and the request's origin recorded with each event. Plain
// values apart from the ceremony's parts, so the routes and the tests read them without the rest.

/** Who is asking: recorded with every event and on the signature (the certificate prints them). */
export type RequestMeta = { ip: string; userAgent: string };

export const SIGNING_LINK_MESSAGES = {
  unknown: "This signing link is not valid. Please use the latest link the sender emailed you.",
  downloadOnly: "This link is for downloading the signed document only.",
  notSigned: "The signed document is not ready yet.",
  consentFirst: "Please agree to sign electronically before you sign.",
  smsOff: "This signing request does not use SMS codes.",
  smsFirst: "Please enter the code we sent to your phone before you sign.",
  smsLocked: "Too many wrong codes. Please ask the sender to send the document again.",
  smsExpired: "The code has expired. Please ask for a new one.",
  smsWait: "A code was sent less than a minute ago. Please wait before asking again.",
  witnessStatement: "Please state whether you saw the signing in person or by audio-visual link.",
  notPng: "The drawn signature must be a PNG image.",
} as const;

/** A document's name as a file name: characters no file system takes become spaces. */
export const fileBaseName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, " ").trim() || "Document";
