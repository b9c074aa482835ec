import { SF360_FUND_EXISTS } from "@precedent/contracts";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectedAppsQuery } from "./api";
import { noteFundAlreadyOnSimpleFund } from "./InterviewIntegrations";

/**
 * The note on assembling (spec §8 SF360_FUND_EXISTS): a document with a recorded Simple Fund 360
 * action (is_sf_action) has it said without asking SF 360; otherwise only SF 360 itself can say so.
 */
describe("noteFundAlreadyOnSimpleFund", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says it for a document with a recorded Simple Fund 360 action, asking nothing of the server", async () => {
    const fetch = vi.fn(async () => {
      throw new Error("no server in this test");
    });
    vi.stubGlobal("fetch", fetch);
    const warned: string[] = [];
    await noteFundAlreadyOnSimpleFund(new QueryClient(), 1, 7, (text) => warned.push(text), true);
    expect(warned).toEqual([SF360_FUND_EXISTS]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("without one, says nothing while the person's Simple Fund 360 is not connected", async () => {
    const fetch = vi.fn(async () => {
      throw new Error("no server in this test");
    });
    vi.stubGlobal("fetch", fetch);
    const queryClient = new QueryClient();
    queryClient.setQueryData(connectedAppsQuery(1).queryKey, []);
    const warned: string[] = [];
    await noteFundAlreadyOnSimpleFund(queryClient, 1, 7, (text) => warned.push(text), false);
    expect(warned).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
