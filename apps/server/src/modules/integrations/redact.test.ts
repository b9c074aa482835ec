import { describe, expect, it } from "vitest";
import { REDACTED, redact } from "./redact.ts";

describe("redact", () => {
  it("replaces tokens, secrets and personal data, keeping ids, statuses and counts", () => {
    const logged = redact({
      app: "xero",
      client_id: "xero-0001",
      access_token: "sbx_at_abc",
      headers: { Authorization: "Bearer sbx_at_abc", "xero-tenant-id": "t-1" },
      client: {
        name: "Harbour Holdings Pty Ltd",
        acn: "123 456 780",
        email: "a@b.test",
        contacts: [{ full_name: "Olivia Smith" }],
      },
      response: { status: 200, count: 3, note: "sent with Bearer sbx_at_abc at 10:00" },
    });
    expect(logged).toEqual({
      app: "xero",
      client_id: "xero-0001",
      access_token: REDACTED,
      headers: { Authorization: REDACTED, "xero-tenant-id": "t-1" },
      client: { name: REDACTED, acn: REDACTED, email: REDACTED, contacts: [{ full_name: REDACTED }] },
      response: { status: 200, count: 3, note: `sent with ${REDACTED} at 10:00` },
    });
  });
});
