import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { asicApplicationKey, createCompanyKit } from "../../api/asic";
import { documentsKey } from "../../api/documents";

export const COMPANY_KIT_TITLE = "Create company kit?";
export const COMPANY_KIT_BUTTON = "Create company kit";
const KIT_DOCUMENTS = [
  "the company constitution",
  "the officers' consents to act as director and secretary",
  "the minutes of the first meeting of directors",
  "the share certificates and the registers of members and officers",
];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * 'Create company kit' of a registered company (ASIC status COMP): a confirmation naming what is
 * made, the OK button busy while the server makes and assembles the documents, then a dialog
 * naming the documents made (and any left to finish in the interview), or the server's refusal.
 */
export function useCompanyKit(teamId: number) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    (docId: number) =>
      modal.confirm({
        title: COMPANY_KIT_TITLE,
        content: (
          <>
            <p>
              These documents are made from this registration (name, ACN, registered office, officers and
              members), in the same folder, and assembled ready for signing:
            </p>
            <ul>
              {KIT_DOCUMENTS.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
            <p>The kit is included with the registration and is made once.</p>
          </>
        ),
        okText: COMPANY_KIT_BUTTON,
        cancelText: "Cancel",
        onOk: async () => {
          const progress = "company-kit-progress";
          void message.loading({ content: "Creating the company kit…", key: progress, duration: 0 });
          try {
            const kit = await createCompanyKit(teamId, docId);
            message.destroy(progress);
            const unfinished = new Set(kit.not_assembled.map((d) => d.id));
            modal.success({
              title: "Company kit created",
              content: (
                <>
                  <p>These documents were made in the registration's folder:</p>
                  <ul aria-label="Documents created">
                    {kit.documents.map((d) => (
                      <li key={d.id}>
                        {d.name}
                        {unfinished.has(d.id)
                          ? " (not assembled: open it to finish its answers)"
                          : " (assembled, ready for signing)"}
                      </li>
                    ))}
                  </ul>
                  <p>
                    Please review the first directors' minutes (meeting time, bank and accountant) before
                    signing.
                  </p>
                </>
              ),
            });
          } catch (error) {
            message.destroy(progress);
            modal.error({ title: "The company kit was not created", content: errorText(error) });
          } finally {
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: asicApplicationKey(teamId, docId) }),
              queryClient.invalidateQueries({ queryKey: documentsKey(teamId) }),
            ]);
          }
        },
      }),
    [modal, message, queryClient, teamId],
  );
}
