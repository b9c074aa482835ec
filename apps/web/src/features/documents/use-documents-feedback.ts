import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { isApiError } from "../../api/client";
import { documentsKey } from "../../api/documents";

/**
 * Runs a change, then refreshes the firm's lists, counts and trees and says how it went: the
 * server's message on refusal (or `failure` where the spec names one), `success` otherwise.
 */
export function useDocumentsFeedback(teamId: number) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(change: () => Promise<T>, success: string, failure?: string): Promise<T> => {
      try {
        const result = await change();
        void message.success(success);
        return result;
      } catch (error) {
        // A refusal says why; for a failure (no reply, server error) the spec's text where it has one.
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        const reason = error instanceof Error ? error.message : String(error);
        void message.error(refused ? reason : (failure ?? reason));
        throw error;
      } finally {
        await queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
      }
    },
    [message, queryClient, teamId],
  );
}
