import { API, CheckAddressReplyAsSent } from "@precedent/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, callForMessage, callReadingReplyAs, hrefOf, pathOf } from "./call";
import { ApiError } from "./client";

const reply = (data: unknown) =>
  new Response(JSON.stringify({ message: "", data }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

afterEach(() => vi.unstubAllGlobals());

describe("the typed API client", () => {
  it("makes the path from the definition, encoding each parameter", () => {
    expect(pathOf(API.invitations.revoke, { id: 5 })).toBe("/api/team/invitations/5");
    expect(pathOf(API.invitations.accept, { token: "a/b c" })).toBe("/api/invitations/a%2Fb%20c/accept");
    expect(() => pathOf(API.invitations.revoke, {})).toThrow("needs id");
  });

  it("makes a link's address with its parameters and query, leaving out what is not given", () => {
    expect(hrefOf(API.signingPages.signedPdf, { params: { token: "a/b" } })).toBe(
      "/api/sign/a%2Fb/signed.pdf",
    );
    expect(hrefOf(API.signing.signedDownload, { query: { doc_id: 4, file: "signed", id_team: 3 } })).toBe(
      "/api/signing/document/download?doc_id=4&file=signed&id_team=3",
    );
  });

  it("sends the definition's method, path and query", async () => {
    const fetch = vi.fn(async () => reply({ code: 200, message: "Revoked" }));
    vi.stubGlobal("fetch", fetch);
    await call(API.invitations.revoke, { params: { id: 5 }, query: { id_team: 3 } }).catch(() => undefined);
    expect(fetch).toHaveBeenCalledWith(
      "/api/team/invitations/5?id_team=3",
      expect.objectContaining({ method: "DELETE", body: undefined }),
    );
  });

  it("refuses a body its schema refuses, with the server's words, and sends nothing", async () => {
    const fetch = vi.fn(async () => reply({}));
    vi.stubGlobal("fetch", fetch);
    const refused = await call(API.teams.setMemberRole, {
      body: { id_team: 3, id_user: 4, role: "owner" as "manager" },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 400,
      message: "role must be manager or member",
      fieldErrors: [{ field: "role", message: "role must be manager or member" }],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("resolves a call whose success speaks to the reply's message", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ message: "Two-factor sign-in is off.", data: null })),
    );
    vi.stubGlobal("fetch", fetch);
    const message = await callForMessage(API.twoFactor.disable, {
      params: { id: 7 },
      body: { password: "pw" },
    });
    expect(message).toBe("Two-factor sign-in is off.");
    expect(fetch).toHaveBeenCalledWith("/api/tfa/7", expect.objectContaining({ method: "PUT" }));
  });

  it("reads a reply with the caller's own schema when asked, as the ASIC address check's isValid as sent", async () => {
    const sent = { isValid: "true", problems: [] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => reply(sent)),
    );
    const input = {
      query: { id_team: 3 },
      body: { street: "1 George St", suburb: "Sydney", state: "NSW" as const, postcode: "2000" },
    };
    const read = await callReadingReplyAs(API.asic.checkAddress, CheckAddressReplyAsSent, input).catch(
      (e: unknown) => e,
    );
    expect(read).toMatchObject({ isValid: "true" });
  });
});
