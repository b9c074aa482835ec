import type { DocumentDetail, ListSection } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { useEffect, useMemo, useRef } from "react";
import { documentsNamed } from "../../api/document-lookup";
import { documentQuery, startDownload } from "../../api/documents";
import { addressActionsOf, planListAction, unknownActions } from "./address-actions";
import type { LaunchAction } from "./DocumentDetailDrawer";
import type { DocumentDialog } from "./DocumentDialogs";
import type { InterviewAction } from "./interview-address";
import type { DocumentsAddress, useDocumentsAddress } from "./use-documents-address";

type SetAddress = ReturnType<typeof useDocumentsAddress>[1];

export const documentNotNamed = (name: string) => `No document named '${name}' was found in this tab.`;
export const documentsNamedAlike = (count: number, name: string) =>
  `${count} documents are named '${name}'. Choose one from the list.`;

/**
 * The list address's `docName` and `actions` (documents spec §2). `docName` alone finds the
 * document of that name in the tab and opens it (several: the list shows them; none: it is said).
 * The first of the list's actions is opened on the document named by `docId` once it has loaded,
 * if the reader's abilities offer it, and then leaves the address (a reload opens nothing again);
 * one not offered is said, and nothing opens. The interview's actions stay, for its launch.
 */
export function useAddressActions(options: {
  teamId: number;
  section: ListSection;
  address: DocumentsAddress;
  setAddress: SetAddress;
  /** The tab is refused to this reader: nothing is looked up or opened. */
  refused: boolean;
  openDialog: (dialog: DocumentDialog) => void;
  launch: (document: DocumentDetail, action: LaunchAction) => void;
}): { interviewActions: InterviewAction[] } {
  const { teamId, section, address, setAddress, refused, openDialog, launch } = options;
  const { message, modal } = App.useApp();
  const { docId, docName } = address;
  const actions = useMemo(() => addressActionsOf(address.actions), [address.actions]);
  const kept = [...actions.list, ...actions.interview].join(",");
  const interviewOnly = actions.interview.join(",");

  useEffect(() => {
    if (actions.unknown.length === 0) return;
    void message.warning(unknownActions(actions.unknown));
    setAddress({ actions: kept }, { replace: true });
  }, [actions.unknown, kept, message, setAddress]);

  // `docName` without `docId`: the document of that name in this tab.
  useEffect(() => {
    if (refused || docId !== undefined || docName === "") return;
    const controller = new AbortController();
    documentsNamed(teamId, section, docName, controller.signal).then(
      (matches) => {
        if (controller.signal.aborted) return;
        const [only] = matches;
        if (matches.length === 1 && only) return setAddress({ docId: only.id }, { replace: true });
        if (matches.length > 1) {
          void message.info(documentsNamedAlike(matches.length, docName));
          return setAddress({ docName: undefined, actions: undefined, search: docName }, { replace: true });
        }
        void message.warning(documentNotNamed(docName));
        setAddress({ docName: undefined, actions: undefined }, { replace: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        void message.error(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [refused, docId, docName, teamId, section, message, setAddress]);

  // The list's action, on the document the address names (the panel's query: one request).
  const first = actions.list[0];
  const document = useQuery({
    ...documentQuery(teamId, docId ?? 0, section),
    enabled: !refused && docId !== undefined && first !== undefined,
  });
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (first === undefined || docId === undefined) {
      handled.current = undefined;
      return;
    }
    if (document.isError) {
      // The panel says the document was not found; nothing is opened on it.
      setAddress({ actions: interviewOnly }, { replace: true });
      return;
    }
    const data = document.data;
    if (!data || data.id !== docId) return;
    const key = `${docId}:${first}`;
    if (handled.current === key) return;
    handled.current = key;
    setAddress({ actions: interviewOnly }, { replace: true });
    const plan = planListAction(teamId, data, section, first);
    switch (plan.kind) {
      case "dialog":
        return openDialog(plan.dialog);
      case "launch":
        return launch(data, plan.action);
      case "download":
        return startDownload(plan.href);
      case "link":
        // A new tab opens only from the person's own click, so they are asked for it.
        return void modal.confirm({
          title: plan.label,
          content: `Open ${plan.label} for Doc ID ${data.id} - ${data.name}?`,
          okText: "Open",
          onOk: () => {
            if (plan.href.startsWith("https:")) window.open(plan.href, "_blank", "noopener,noreferrer");
            else window.location.assign(plan.href);
          },
        });
      case "refused":
        return void message.warning(plan.message);
    }
  }, [
    first,
    docId,
    document.data,
    document.isError,
    teamId,
    section,
    interviewOnly,
    setAddress,
    openDialog,
    launch,
    message,
    modal,
  ]);

  return { interviewActions: actions.interview };
}
