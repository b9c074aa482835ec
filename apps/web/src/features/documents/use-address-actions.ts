import type { DocumentDetail, ListSection } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { documentsNamed } from "../../api/document-lookup";
import { documentQuery, startDownload } from "../../api/documents";
import { addressActionsOf, planListAction, planNamedDocument, unknownActions } from "./address-actions";
import type { LaunchAction } from "./DocumentDetailDrawer";
import type { DocumentDialog } from "./DocumentDialogs";
import type { InterviewAction } from "./interview-address";
import type { DocumentsAddress, useDocumentsAddress } from "./use-documents-address";

type SetAddress = ReturnType<typeof useDocumentsAddress>[1];

export const documentNotNamed = (name: string) => `No document named '${name}' was found.`;
export const documentsNamedAlike = (count: number, name: string) =>
  `${count} documents are named '${name}'. Choose one from the list.`;

/**
 * The list address's `docName` and `actions` (documents spec §2). `docName` alone finds the
 * document of that name in the tabs the reader can see (one server call) and opens it, switching
 * to its tab (several: a tab's list shows them; none: it is said). The list's actions are opened
 * in turn on the document named by `docId` once it has loaded: each once the dialog the one
 * before it opened has closed, each only if the reader's abilities offer it (one not offered is
 * said, and the next follows). Each leaves the address as it is opened, so a reload opens nothing
 * again. The interview's actions stay, for its launch.
 */
export function useAddressActions(options: {
  teamId: number;
  section: ListSection;
  address: DocumentsAddress;
  setAddress: SetAddress;
  /** The tab is refused to this reader: nothing is looked up or opened. */
  refused: boolean;
  /** A dialog or confirmation of the page is open: the next action waits for it to close. */
  busy: boolean;
  openDialog: (dialog: DocumentDialog) => void;
  launch: (document: DocumentDetail, action: LaunchAction) => void;
}): { interviewActions: InterviewAction[] } {
  const { teamId, section, address, setAddress, refused, busy, openDialog, launch } = options;
  const { message, modal } = App.useApp();
  const { docId, docName } = address;
  const actions = useMemo(() => addressActionsOf(address.actions), [address.actions]);
  const kept = [...actions.list, ...actions.interview].join(",");
  const interviewOnly = actions.interview.join(",");
  // The link's confirmation this hook opened is on screen (the page's dialogs are `busy`).
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (actions.unknown.length === 0) return;
    void message.warning(unknownActions(actions.unknown));
    setAddress({ actions: kept }, { replace: true });
  }, [actions.unknown, kept, message, setAddress]);

  // `docName` without `docId`: the document of that name, in whichever of the reader's tabs lists it.
  useEffect(() => {
    if (refused || docId !== undefined || docName === "") return;
    const controller = new AbortController();
    documentsNamed(teamId, docName, controller.signal).then(
      (matches) => {
        if (controller.signal.aborted) return;
        const plan = planNamedDocument(matches, section);
        if (plan.kind === "open")
          return setAddress(
            plan.section === section
              ? { docId: plan.id }
              : { section: plan.section, folderId: undefined, search: undefined, docId: plan.id },
            { replace: true },
          );
        if (plan.kind === "search") {
          void message.info(documentsNamedAlike(plan.count, docName));
          return setAddress(
            {
              section: plan.section,
              folderId: undefined,
              docName: undefined,
              actions: undefined,
              search: docName,
            },
            { replace: true },
          );
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

  // The list's actions, on the document the address names (the panel's query: one request).
  const next = actions.list[0];
  const document = useQuery({
    ...documentQuery(teamId, docId ?? 0, section),
    enabled: !refused && docId !== undefined && next !== undefined,
  });
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (next === undefined || docId === undefined) {
      handled.current = undefined;
      return;
    }
    if (document.isError) {
      // The panel says the document was not found; nothing is opened on it.
      setAddress({ actions: interviewOnly }, { replace: true });
      return;
    }
    // The one before is still open: this one follows when it closes.
    if (busy || confirming) return;
    const data = document.data;
    if (!data || data.id !== docId) return;
    // The queue left, so the same action named twice is opened twice.
    const key = `${docId}:${actions.list.join(",")}`;
    if (handled.current === key) return;
    handled.current = key;
    setAddress({ actions: [...actions.list.slice(1), ...actions.interview].join(",") }, { replace: true });
    const plan = planListAction(teamId, data, section, next);
    switch (plan.kind) {
      case "dialog":
        return openDialog(plan.dialog);
      case "launch":
        return launch(data, plan.action);
      case "download":
        return startDownload(plan.href);
      case "link":
        // A new tab opens only from the person's own click, so they are asked for it.
        setConfirming(true);
        return void modal.confirm({
          title: plan.label,
          content: `Open ${plan.label} for Doc ID ${data.id} - ${data.name}?`,
          okText: "Open",
          onOk: () => {
            if (plan.href.startsWith("https:")) window.open(plan.href, "_blank", "noopener,noreferrer");
            else window.location.assign(plan.href);
          },
          afterClose: () => setConfirming(false),
        });
      case "refused":
        return void message.warning(plan.message);
    }
  }, [
    next,
    actions.list,
    actions.interview,
    docId,
    document.data,
    document.isError,
    busy,
    confirming,
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
