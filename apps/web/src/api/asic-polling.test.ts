import { MY_DOCUMENTS } from "@precedent/contracts";
import type { Query } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ASIC_DECISION_POLL_MS, asicApplicationQuery } from "./asic";
import { documentListQuery } from "./documents";

/** A query as TanStack Query hands it to `refetchInterval`: only its data is read. */
const queryHolding = (data: unknown) => ({ state: { data } }) as unknown as Query<never, never, never, never>;
const intervalOf = (option: unknown, data: unknown) =>
  typeof option === "function" ? option(queryHolding(data)) : option;

describe("screens showing a registration ask again while ASIC decides it", () => {
  it("the document list, while one of its rows is lodged and In Progress", () => {
    const list = documentListQuery(
      7,
      { section: MY_DOCUMENTS, folderId: undefined, search: "", userIds: [] },
      undefined,
      { sort: "updated_at", order: "desc" },
    );
    const pages = (...statuses: (string | null | undefined)[]) => ({
      pages: [{ rows: statuses.map((asic_status) => ({ asic_status })) }],
      pageParams: [1],
    });
    expect(intervalOf(list.refetchInterval, pages(undefined, "INPR"))).toBe(ASIC_DECISION_POLL_MS);
    // Decided (Registered, Refused, Manual Review), or never lodged: no more asking.
    expect(intervalOf(list.refetchInterval, pages("COMP", "RFSD", "MANL", null, undefined))).toBe(false);
    expect(intervalOf(list.refetchInterval, undefined)).toBe(false);
  });

  it("the interview's top bar, while its application is In Progress", () => {
    const { refetchInterval } = asicApplicationQuery(7, 11);
    expect(intervalOf(refetchInterval, { asic_status: "INPR" })).toBe(ASIC_DECISION_POLL_MS);
    expect(intervalOf(refetchInterval, { asic_status: "COMP" })).toBe(false);
    expect(intervalOf(refetchInterval, undefined)).toBe(false);
  });
});
