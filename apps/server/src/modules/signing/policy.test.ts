import {
  CANCEL_NOT_ALLOWED,
  LITE_PLAN_NOTICE,
  OWNER_CONFIRMATION_REQUIRED,
  REMINDER_NOT_ALLOWED,
  RESEND_NOT_ALLOWED,
  SIGNING_NOT_ALLOWED,
  SIGNING_REFUSED,
} from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  cancelRefusal,
  canReadSigningStatus,
  needsOwnerConfirmation,
  reminderRefusal,
  resendRefusal,
  sendRefusal,
} from "./policy.ts";

const CREATOR = 10;
const doc = (over: Partial<Parameters<typeof sendRefusal>[1]> = {}) => ({
  createdBy: CREATOR,
  status: 5 as const,
  allowSign: true,
  isShared: false,
  ...over,
});
const viewer = (role: "owner" | "manager" | "member", userId = CREATOR, planSlug = "best-practice") => ({
  role,
  userId,
  planSlug,
});

describe("Sign document (interview-signing spec §5, §6)", () => {
  it.each([
    ["the creator (member)", viewer("member"), null],
    ["the owner, creator", viewer("owner"), null],
    ["another member", viewer("member", 11), { status: 403, message: SIGNING_REFUSED }],
    [
      "the owner, not creator, unconfirmed",
      viewer("owner", 11),
      { status: 409, message: OWNER_CONFIRMATION_REQUIRED },
    ],
    [
      "a manager, not creator, unconfirmed",
      viewer("manager", 11),
      { status: 409, message: OWNER_CONFIRMATION_REQUIRED },
    ],
    ["the creator on Lite", viewer("owner", CREATOR, "ly-basic"), { status: 403, message: LITE_PLAN_NOTICE }],
  ] as const)("%s", (_, who, refusal) => {
    expect(sendRefusal(who, doc(), false)).toEqual(refusal);
  });

  it("passes the owner once confirmed, and needs no confirmation for a shared document", () => {
    expect(sendRefusal(viewer("owner", 11), doc(), true)).toBeNull();
    expect(needsOwnerConfirmation(viewer("owner", 11), doc({ isShared: true }))).toBe(false);
    expect(needsOwnerConfirmation(viewer("owner"), doc())).toBe(false);
  });

  it.each([1, 2, 3, 4] as const)("refuses status %s: only completed documents are sent", (status) => {
    expect(sendRefusal(viewer("member"), doc({ status }), false)).toEqual({
      status: 409,
      message: SIGNING_NOT_ALLOWED,
    });
  });

  it("refuses a document whose is_allow_sign is 'no'", () => {
    expect(sendRefusal(viewer("member"), doc({ allowSign: false }), false)?.message).toBe(
      SIGNING_NOT_ALLOWED,
    );
  });
});

describe("Send reminder and status", () => {
  it.each([
    [4, null],
    [3, { status: 409, message: REMINDER_NOT_ALLOWED }],
    [5, { status: 409, message: REMINDER_NOT_ALLOWED }],
  ] as const)("status %s", (status, refusal) => {
    expect(reminderRefusal(viewer("member"), doc({ status }))).toEqual(refusal);
  });

  it("refuses another member and the Lite plan", () => {
    expect(reminderRefusal(viewer("member", 11), doc({ status: 4 }))?.message).toBe(SIGNING_REFUSED);
    expect(reminderRefusal(viewer("owner", CREATOR, "ly-basic"), doc({ status: 4 }))?.message).toBe(
      LITE_PLAN_NOTICE,
    );
  });

  it("reads the status of pending, signed and completed documents only", () => {
    expect(
      [1, 2, 3, 4, 5].map((status) => canReadSigningStatus(viewer("member"), doc({ status: status as 5 }))),
    ).toEqual([false, false, true, true, true]);
  });
});

describe("Cancel and resend a signing request (issue 29 item 4)", () => {
  it.each([
    ["the creator, pending", viewer("member"), doc({ status: 4 }), "pending", null],
    ["a manager, pending", viewer("manager", 11), doc({ status: 4 }), "pending", null],
    [
      "another member",
      viewer("member", 11),
      doc({ status: 4 }),
      "pending",
      { status: 403, message: SIGNING_REFUSED },
    ],
    [
      "Lite",
      viewer("owner", CREATOR, "ly-basic"),
      doc({ status: 4 }),
      "pending",
      { status: 403, message: LITE_PLAN_NOTICE },
    ],
    [
      "already cancelled",
      viewer("member"),
      doc({ status: 5 }),
      "cancelled",
      { status: 409, message: CANCEL_NOT_ALLOWED },
    ],
    [
      "completed request",
      viewer("member"),
      doc({ status: 3 }),
      "completed",
      { status: 409, message: CANCEL_NOT_ALLOWED },
    ],
  ] as const)("cancel: %s", (_name, who, document, request, expected) => {
    expect(cancelRefusal(who, document, request)).toEqual(expected);
  });

  it.each([
    ["the creator, after a decline", viewer("member"), doc(), "rejected", null],
    ["the creator, after a cancel", viewer("member"), doc(), "cancelled", null],
    [
      "while pending",
      viewer("member"),
      doc({ status: 4 }),
      "pending",
      { status: 409, message: RESEND_NOT_ALLOWED },
    ],
    [
      "after a relaunch (in progress)",
      viewer("member"),
      doc({ status: 2 }),
      "rejected",
      { status: 409, message: RESEND_NOT_ALLOWED },
    ],
    ["another member", viewer("member", 11), doc(), "rejected", { status: 403, message: SIGNING_REFUSED }],
    [
      "Lite",
      viewer("owner", CREATOR, "ly-basic"),
      doc(),
      "cancelled",
      { status: 403, message: LITE_PLAN_NOTICE },
    ],
  ] as const)("resend: %s", (_name, who, document, request, expected) => {
    expect(resendRefusal(who, document, request)).toEqual(expected);
  });
});
