import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { isApiError } from "../../api/client";
import { documentsKey } from "../../api/documents";

const LISTS = new Set(["list", "counts", "folders"]);

/**
 * Runs a change, then refreshes the firm's lists, counts and trees and says how it went: the
 * server's message on refusal (or `failure` where the spec names one), `success` otherwise.
 */
export function useDocumentsFeedback(teamId: number) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(change: () => Promise<T>, success: string, failure?: string): Promise<T> => {
      let changed = false;
      try {
        const result = await change();
        changed = true;
        void message.success(success);
        return result;
      } catch (error) {
        // A refusal says why; for a failure (no reply, server error) the spec's text where it has one.
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        const reason = error instanceof Error ? error.message : String(error);
        void message.error(refused ? reason : (failure ?? reason));
        throw error;
      } finally {
        // After a change the dialog waits for the list on screen to be fresh. After a refusal
        // nothing was changed: the lists are asked again (the refusal may come from someone
        // else's change) without holding the dialog, which used to stay open, its button
        // spinning, for as long as the refetch took (over 30 s on a slowed CPU) after its
        // message had gone, and lay over the page (the flaky documents-folders.spec.ts:91).
        const fresh = queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
        if (changed) await fresh;
        // The lists, counts and trees not on screen are asked again now too: a list the person
        // goes back to (My Documents after sharing from it) would otherwise show its kept rows,
        // from before the change, until its own refetch answered, and a menu opened in that
        // moment offered the old actions (no "Remove from Shared Folders"). Not awaited: the
        // dialog closes when the list on screen is fresh.
        void queryClient.refetchQueries({
          queryKey: documentsKey(teamId),
          type: "inactive",
          predicate: (query) => LISTS.has(String(query.queryKey[2])),
        });
      }
    },
    [message, queryClient, teamId],
  );
}
