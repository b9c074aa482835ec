import {
  AppstoreAddOutlined,
  CloseOutlined,
  DownloadOutlined,
  FileAddOutlined,
  FolderAddOutlined,
  MoreOutlined,
  PlusOutlined,
  SearchOutlined,
} from "@ant-design/icons";
import {
  DEFAULT_DOCUMENT_SORT,
  DOCUMENT_SORT_OPTIONS,
  DOCUMENT_STATUSES,
  type DocumentRow,
  type DocumentStatus,
  type FolderNode,
  type ListSection,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  SHARED_FOLDERS,
  shownStatusName,
  spacedAcn,
} from "@precedent/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  App,
  Breadcrumb,
  Button,
  Checkbox,
  Empty,
  Input,
  type MenuProps,
  Result,
  Select,
  Skeleton,
  Space,
  Typography,
} from "antd";
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import {
  companyUsersQuery,
  type DocumentFilters,
  documentListQuery,
  downloadDocumentsZip,
  startDownload,
  statusCountsQuery,
} from "../../api/documents";
import { downloadHref } from "../../api/interview";
import { ActionMenu } from "../../components/ActionMenu";
import { ExplainedButton } from "../../components/ExplainedButton";
import { InfiniteScrollList } from "../../components/InfiniteScrollList";
import { LoadError } from "../../components/LoadError";
import { MountLater } from "../../components/MountLater";
import { TabBar } from "../../components/TabBar";
import { useDebounced } from "../../components/use-debounced";
import { MD_AND_WIDER, useMediaQuery } from "../../components/use-media-query";
import { DOCUMENT_SEARCH_DEBOUNCE_MS } from "../../constants";
import { formatDay, prepareFormatDay } from "../../dates";
import { COMPANY_KIT_BUTTON, useAsicPayment, useCompanyKit } from "../asic";
import { offersHardCopy, offersLegalReview } from "../fulfilment/FulfilmentActions";
import { useSyncDestinations } from "../integrations/SyncDocument";
import { SigningProgress } from "../signing/SigningProgress";
import { CreateFloatButtons, type CreateItem } from "./CreateFloatButtons";
import type { DocumentDialog } from "./DocumentDialogs";
import { DocumentListFilters, useDocumentListFilters } from "./DocumentListFilters";
import { isSigned, offersCopy, offersSharing, offersSigning, pdfHref } from "./document-abilities";
import { folderPath } from "./folder-tree";
import { StatusIcon } from "./StatusIcon";

const SECTION_NAMES: Record<ListSection, string> = {
  [MY_DOCUMENTS]: "My Documents",
  [SHARED_FOLDERS]: "Shared Folders",
  [ORGANISATION_DOCUMENTS]: "Organisation Documents",
};

/** Select All loads and selects at most this many documents, so one click cannot fetch thousands. */
const SELECT_ALL_LIMIT = 200;

const DEFAULT_SORT_INDEX = DOCUMENT_SORT_OPTIONS.indexOf(DEFAULT_DOCUMENT_SORT);
const STATUS_KEYS = Object.keys(DOCUMENT_STATUSES).map(Number) as DocumentStatus[];

type DocumentListPanelProps = {
  teamId: number;
  section: ListSection;
  folderId: number | undefined;
  folders: FolderNode[];
  foldersLoaded: boolean;
  search: string;
  onSearch: (text: string) => void;
  onOpenFolder: (folderId: number | undefined) => void;
  onOpenDocument: (document: DocumentRow) => void;
  openDialog: (dialog: DocumentDialog) => void;
  /** Bumped by the page after a bulk change, to leave selection mode. */
  selectionResetKey: number;
};

/**
 * The row's three-dot menu: exactly what its abilities allow. `canSync`: the person has an app
 * connected that the server says takes documents (its ability on the connection).
 */
function documentMenuItems(document: DocumentRow, canSync: boolean): NonNullable<MenuProps["items"]> {
  const { abilities } = document;
  const items: { key: string; label: string; danger?: boolean; allowed: boolean }[] = [
    { key: "download-pdf", label: "Download PDF", allowed: abilities.download_pdf },
    // A Signed document's Download PDF is its sealed copy; the original stays one click away.
    {
      key: "download-unsigned",
      label: "Download unsigned copy",
      allowed: abilities.download_pdf && isSigned(document),
    },
    { key: "download-word", label: "Download Word", allowed: abilities.download_word },
    // Lite sees it too, and gets the upgrade notice (interview-signing spec §6).
    { key: "sign", label: "Sign document", allowed: offersSigning(document) },
    // As the server's fulfilment policy says this reader may ask (Lite: the upgrade notice).
    { key: "legal-review", label: "Legal review", allowed: offersLegalReview(document) },
    { key: "hard-copy", label: "Order hard copy", allowed: offersHardCopy(document) },
    // ASIC documents unpaid and In Progress (interview spec §4); can_pay is the server's (none while the gateway is locked).
    {
      key: "asic-payment",
      label: "Make ASIC payment",
      allowed: document.status === 2 && document.can_pay === true,
    },
    // A registration whose start wizard has steps left (documents spec §4): where the server says it reopens.
    { key: "registration", label: "Registration steps", allowed: Boolean(document.registration_step) },
    // A registered company (COMP) without its kit yet: the server makes it once.
    { key: "company-kit", label: COMPANY_KIT_BUTTON, allowed: document.can_create_company_kit === true },
    // A completed document's PDF to a connected app, not only right after assembly.
    {
      key: "sync",
      label: "Sync Document",
      allowed: canSync && document.status === 5 && abilities.download_pdf,
    },
    { key: "rename", label: "Rename", allowed: abilities.rename },
    // Lite sees Copy and Add to a shared folder where a paid plan would, and gets the upgrade notice.
    { key: "copy", label: "Copy", allowed: offersCopy(document) },
    { key: "move", label: "Move to", allowed: abilities.move },
    { key: "share", label: "Add to a shared folder", allowed: offersSharing(document) },
    { key: "unshare", label: "Remove from Shared Folders", allowed: abilities.unshare },
    {
      key: "shared-in",
      label: "Shared in folders",
      allowed: !abilities.unshare && document.is_share === "1",
    },
    { key: "log", label: "Data Change Logs Record", allowed: true },
    { key: "document-log", label: "Document Logs", allowed: true },
    { key: "delete", label: "Delete", danger: true, allowed: abilities.delete },
  ];
  return items.filter((item) => item.allowed).map(({ key, label, danger }) => ({ key, label, danger }));
}

function SearchBox({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(search);
  const debounced = useDebounced(text, DOCUMENT_SEARCH_DEBOUNCE_MS);
  // The address changed from elsewhere (clear control, back button): follow it.
  const lastSent = useRef(search);
  useEffect(() => {
    if (search !== lastSent.current) {
      lastSent.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => {
    const trimmed = debounced.trim();
    if (trimmed !== lastSent.current) {
      lastSent.current = trimmed;
      onSearch(trimmed);
    }
  }, [debounced, onSearch]);
  return (
    <Input.Search
      allowClear
      placeholder="Search documents by name or ID"
      aria-label="Search documents"
      value={text}
      onChange={(event) => setText(event.target.value)}
      // The icon-only button needs a name of its own for screen readers.
      enterButton={<Button icon={<SearchOutlined />} aria-label="Search" />}
      onSearch={(value) => {
        const trimmed = value.trim();
        lastSent.current = trimmed;
        onSearch(trimmed);
      }}
      className="doc-toolbar__search"
    />
  );
}

function OwnerFilter({
  teamId,
  value,
  onChange,
}: {
  teamId: number;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const users = useQuery(companyUsersQuery(teamId));
  const all = (users.data ?? []).map((user) => user.ID);
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder="Filter by owner"
      aria-label="Filter by owner"
      loading={users.isPending}
      className="doc-toolbar__owner"
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      options={(users.data ?? []).map((user) => ({ value: user.ID, label: user.display_name }))}
      popupRender={(menu) => (
        <>
          <Space className="owner-filter__actions">
            <Button size="small" type="link" onClick={() => onChange(all)}>
              Select all
            </Button>
            <Button size="small" type="link" onClick={() => onChange([])}>
              Clear
            </Button>
          </Space>
          {menu}
        </>
      )}
    />
  );
}

/** Right column: breadcrumb, search, Create New, status tabs, sort and the infinite list. */
export function DocumentListPanel({
  teamId,
  section,
  folderId,
  folders,
  foldersLoaded,
  search,
  onSearch,
  onOpenFolder,
  onOpenDocument,
  openDialog,
  selectionResetKey,
}: DocumentListPanelProps) {
  // Narrower than 768 px: the create actions float at the screen's corner.
  const small = !useMediaQuery(MD_AND_WIDER);
  const [status, setStatus] = useState<DocumentStatus | undefined>(undefined);
  const [sortIndex, setSortIndex] = useState(DEFAULT_SORT_INDEX);
  const [ownerIds, setOwnerIds] = useState<number[]>([]);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Map<number, DocumentRow>>(new Map());

  const { template, client, active: filtered } = useDocumentListFilters();
  const filters: DocumentFilters = useMemo(
    () => ({
      section,
      folderId,
      search,
      userIds: section === ORGANISATION_DOCUMENTS ? ownerIds : [],
      template,
      client,
    }),
    [section, folderId, search, ownerIds, template, client],
  );
  const sortOption = DOCUMENT_SORT_OPTIONS[sortIndex] ?? DEFAULT_DOCUMENT_SORT;
  const sort = { sort: sortOption.sort, order: sortOption.order };
  const list = useInfiniteQuery(documentListQuery(teamId, filters, status, sort));
  const counts = useQuery(statusCountsQuery(teamId, filters));
  // The rows shown are a deferred copy of the list's: React renders a page of rows arriving in
  // slices, between which the browser can respond, rather than in one long task (an answer from
  // the query cache is otherwise rendered at once). Until the first copy has caught up, the list
  // shows as loading.
  const shownPages = useDeferredValue(list.data);
  const rows = useMemo(() => shownPages?.pages.flatMap((page) => page.rows) ?? [], [shownPages]);
  const totalRecord = shownPages?.pages[0]?.total_record ?? 0;

  // The rows' dates need a formatter for the display time zone; made while the rows are on their
  // way, in a task of its own, rather than inside the task that first renders them.
  useEffect(() => {
    const timer = setTimeout(prepareFormatDay);
    return () => clearTimeout(timer);
  }, []);

  // A new place, filter or finished bulk action leaves selection mode. (The status tab and the
  // owner filter belong to the section: the page gives each section a panel of its own.) An empty
  // selection is kept as it is, so the panel's first mount does not render it all again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the triggers, not inputs
  useEffect(() => {
    setSelecting(false);
    setSelected((current) => (current.size === 0 ? current : new Map()));
  }, [section, folderId, search, status, selectionResetKey]);

  const path = folderPath(folders, folderId);
  const currentFolder = path.at(-1);
  const canCreateFolder =
    section !== ORGANISATION_DOCUMENTS && (currentFolder ? currentFolder.abilities.create_subfolder : true);
  const canCreateDocument = section !== ORGANISATION_DOCUMENTS;
  // The create actions: the Create New menu's items, or on a phone the floating buttons.
  const createItems: CreateItem[] = [
    ...(canCreateFolder ? [{ key: "folder", label: "New Folder", icon: <FolderAddOutlined /> }] : []),
    ...(canCreateDocument ? [{ key: "document", label: "New Document", icon: <FileAddOutlined /> }] : []),
    ...(canCreateDocument
      ? [{ key: "template", label: "From Template", icon: <AppstoreAddOutlined /> }]
      : []),
  ];
  const create = (key: string) => {
    if (key === "folder") openDialog({ kind: "create-folder", section, parent: currentFolder });
    else if (key === "template") openDialog({ kind: "template-catalogue" });
    else openDialog({ kind: "new-document", folderId });
  };

  const selectedRows = [...selected.values()];
  const toggle = (document: DocumentRow, on: boolean) => {
    setSelecting(true);
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(document.id, document);
      else next.delete(document.id);
      return next;
    });
  };
  const closeSelection = () => {
    setSelecting(false);
    setSelected(new Map());
  };
  // Download: one zip of every selected document that has a file to download (all or none).
  const { message, modal } = App.useApp();
  const [zipping, setZipping] = useState(false);
  const allDownloadable =
    selectedRows.length > 0 &&
    selectedRows.every((row) => row.abilities.download_pdf || row.abilities.download_word);
  const downloadSelected = async () => {
    setZipping(true);
    try {
      await downloadDocumentsZip(
        teamId,
        selectedRows.map((row) => row.id),
      );
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setZipping(false);
    }
  };
  // A bulk action is offered when every selected document allows it; the server still decides.
  // Otherwise the button says why, naming the document when only one stands in the way.
  const whyNot = (ability: "share" | "move" | "delete", done: string): string | undefined => {
    if (selectedRows.length === 0) return "Select one or more documents first";
    const refused = selectedRows.filter((row) => !row.abilities[ability]);
    const [first] = refused;
    if (!first) return undefined;
    if (refused.length === 1) return `"${first.name}" cannot be ${done}`;
    return `${refused.length} of the selected documents cannot be ${done}`;
  };

  // Select All takes every document that matches, not only the pages loaded so far: it loads the
  // rest first (up to SELECT_ALL_LIMIT), and says so when more match than that.
  const [selectingAll, setSelectingAll] = useState(false);
  const selectAll = async () => {
    setSelectingAll(true);
    try {
      let result = list;
      let loaded = rows.length;
      while (result.hasNextPage && loaded < SELECT_ALL_LIMIT) {
        const next = await result.fetchNextPage();
        if (next.isError) break;
        result = next;
        loaded = next.data?.pages.reduce((sum, page) => sum + page.rows.length, 0) ?? loaded;
      }
      const all = result.data?.pages.flatMap((page) => page.rows) ?? rows;
      setSelected(new Map(all.slice(0, SELECT_ALL_LIMIT).map((row) => [row.id, row])));
    } finally {
      setSelectingAll(false);
    }
  };

  const syncDestinations = useSyncDestinations(teamId);
  const payAsic = useAsicPayment(teamId);
  const createCompanyKit = useCompanyKit(teamId);
  const onRowAction = (document: DocumentRow, key: string) => {
    switch (key) {
      case "asic-payment":
        // Paying ASIC's fee on another member's organisation document is notified to them first
        // (documents spec: "before launch, hard copy, legal review or ASIC payment").
        if (section === ORGANISATION_DOCUMENTS && document.abilities.owner_confirmation)
          return void modal.confirm({
            title: "Changes need to be notified",
            content: `This document belongs to ${document.created_by_user.display_name}. Paying ASIC's fee for it will be notified to them.`,
            okText: "Continue",
            onOk: () => {
              payAsic(document.id, document.asic_fee ?? 0);
            },
          });
        return payAsic(document.id, document.asic_fee ?? 0);
      case "company-kit":
        return createCompanyKit(document.id);
      case "download-pdf":
        return startDownload(pdfHref(teamId, document));
      case "download-unsigned":
        return startDownload(downloadHref(teamId, document.id, "pdf"));
      case "download-word":
        return startDownload(downloadHref(teamId, document.id, "word"));
      case "rename":
        return openDialog({ kind: "rename-document", document });
      case "copy":
        if (document.abilities.copy_upgrade)
          return openDialog({ kind: "lite-upgrade", feature: "Copying documents" });
        return openDialog({ kind: "copy-document", document });
      case "move":
        return openDialog({ kind: "move-documents", documents: [document], section });
      case "share":
        if (document.abilities.share_upgrade)
          return openDialog({ kind: "lite-upgrade", feature: "Shared folders" });
        return openDialog({ kind: "share-documents", documents: [document] });
      case "unshare":
        return openDialog({ kind: "unshare-document", document, section, preview: false });
      case "shared-in":
        return openDialog({ kind: "unshare-document", document, section, preview: true });
      case "log":
        return openDialog({ kind: "change-log", document });
      case "document-log":
        return openDialog({ kind: "document-log", document });
      case "delete":
        return openDialog({ kind: "delete-documents", documents: [document], section });
      case "sign":
        return openDialog({ kind: "sign-document", document, section });
      case "legal-review":
        return openDialog({ kind: "fulfilment", fulfilment: "legal_review", document, section });
      case "hard-copy":
        return openDialog({ kind: "fulfilment", fulfilment: "hard_copy", document, section });
      case "sync":
        return openDialog({ kind: "sync-document", document });
      case "registration":
        // Recording another member's registration steps is notified to them first, as its launch is.
        if (section === ORGANISATION_DOCUMENTS && document.abilities.owner_confirmation)
          return void modal.confirm({
            title: "Changes need to be notified",
            content: `This document belongs to ${document.created_by_user.display_name}. Changes you make to it will be notified to them.`,
            okText: "Continue",
            onOk: () => openDialog({ kind: "registration-steps", document, section }),
          });
        return openDialog({ kind: "registration-steps", document, section });
    }
  };

  const countOf = (value: DocumentStatus | undefined) =>
    value === undefined
      ? counts.data?.total_record
      : counts.data?.rows.find((row) => row.status === value)?.total;
  const statusTabs = [
    { key: "all", value: undefined as DocumentStatus | undefined, name: "All" },
    ...STATUS_KEYS.map((value) => ({ key: String(value), value, name: DOCUMENT_STATUSES[value] })),
  ].map((tab) => {
    const count = countOf(tab.value);
    return { key: tab.key, label: count === undefined ? tab.name : `${tab.name} (${count})` };
  });

  const firstUse =
    section === MY_DOCUMENTS &&
    !search &&
    !filtered &&
    folderId === undefined &&
    status === undefined &&
    counts.data?.total_record === 0 &&
    foldersLoaded &&
    folders.length === 0;
  const emptyShared = section === SHARED_FOLDERS && !search && foldersLoaded && folders.length === 0;

  let listBody: ReactNode;
  if (list.isPending || (shownPages === undefined && !list.isError)) {
    listBody = (
      <div role="status" aria-label="Loading documents" className="doc-list__loading">
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </div>
    );
  } else if (list.isError) {
    listBody = (
      <LoadError
        title="Cannot get documents"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (rows.length === 0) {
    if (firstUse)
      listBody = (
        <Result
          icon={<FileAddOutlined className="doc-empty__icon" />}
          title="Get started with the product"
          extra={
            <Space wrap>
              {/* A draft starts from a template: a blank document has nothing to interview on,
                  so a new firm's first step is the template catalogue, not a nameless draft. */}
              <Button type="primary" onClick={() => create("template")}>
                Create a new draft
              </Button>
              <Button onClick={() => create("folder")}>Create a new folder</Button>
            </Space>
          }
        />
      );
    else if (emptyShared)
      listBody = (
        <Empty description="No documents found.">
          <Button
            type="primary"
            icon={<FolderAddOutlined />}
            onClick={() => openDialog({ kind: "create-folder", section: SHARED_FOLDERS, parent: undefined })}
          >
            Create new shared folder
          </Button>
        </Empty>
      );
    else listBody = <Empty description="No documents found." />;
  } else {
    listBody = (
      <ul className="doc-list" aria-label="Documents">
        {rows.map((document) => {
          const items = documentMenuItems(document, syncDestinations.length > 0);
          const checked = selected.has(document.id);
          return (
            <li key={document.id} className={`doc-row${checked ? " doc-row--selected" : ""}`}>
              <Checkbox
                checked={checked}
                onChange={(event) => toggle(document, event.target.checked)}
                aria-label={`Select ${document.name}`}
                className={selecting ? "doc-row__check doc-row__check--on" : "doc-row__check"}
              />
              <StatusIcon status={document.status} />
              <div className="doc-row__main">
                <button type="button" className="doc-row__name" onClick={() => onOpenDocument(document)}>
                  {document.name}
                </button>
                <div className="doc-row__meta">
                  <span>Doc ID {document.id}</span>
                  <span>{shownStatusName(document)}</span>
                  <SigningProgress
                    document={document}
                    onOpen={() => openDialog({ kind: "signing-status", document })}
                  />
                  {document.newer_template_version !== undefined && (
                    <span>Template version {document.newer_template_version} available</span>
                  )}
                  {document.asic_payment_status_name && (
                    <span className="doc-row__asic">
                      ASIC: {document.asic_payment_status_name}, {document.asic_status_name}
                      {document.acn && ` (ACN ${spacedAcn(document.acn)})`}
                      {document.company_kit_created_at && ", company kit made"}
                    </span>
                  )}
                  {section !== MY_DOCUMENTS && <span>{document.created_by_user.display_name}</span>}
                  {document.folder && section === MY_DOCUMENTS && folderId === undefined && (
                    <span>{document.folder.name}</span>
                  )}
                  <span title={`Updated ${formatDay(document.updated_at)}`}>
                    Created {formatDay(document.created_at)}
                  </span>
                </div>
              </div>
              <ActionMenu
                items={items}
                onAction={(key) => onRowAction(document, key)}
                button={{
                  type: "text",
                  icon: <MoreOutlined />,
                  "aria-label": `Actions for ${document.name}`,
                }}
              />
            </li>
          );
        })}
        {list.isFetchingNextPage && (
          <li className="doc-row doc-row--loading" role="status" aria-label="Loading more documents">
            <Skeleton active paragraph={false} />
          </li>
        )}
      </ul>
    );
  }

  return (
    <section className="doc-panel" aria-label={SECTION_NAMES[section]}>
      <Breadcrumb
        className="doc-panel__breadcrumb"
        items={[
          {
            title:
              path.length > 0 ? (
                <Typography.Link onClick={() => onOpenFolder(undefined)}>
                  {SECTION_NAMES[section]}
                </Typography.Link>
              ) : (
                SECTION_NAMES[section]
              ),
          },
          ...path.map((folder, index) => ({
            title:
              index < path.length - 1 ? (
                <Typography.Link onClick={() => onOpenFolder(folder.id)}>{folder.name}</Typography.Link>
              ) : (
                folder.name
              ),
          })),
        ]}
      />
      <div className="doc-toolbar">
        <SearchBox search={search} onSearch={onSearch} />
        {section === ORGANISATION_DOCUMENTS && (
          <OwnerFilter teamId={teamId} value={ownerIds} onChange={setOwnerIds} />
        )}
        <MountLater placeholder={<div className="doc-toolbar__sort control-placeholder" />}>
          <Select
            aria-label="Sort documents"
            className="doc-toolbar__sort"
            value={sortIndex}
            onChange={setSortIndex}
            options={DOCUMENT_SORT_OPTIONS.map((option, index) => ({ value: index, label: option.label }))}
            popupMatchSelectWidth={false}
          />
        </MountLater>
        {!selecting && rows.length > 0 && (
          <Button onClick={() => setSelecting(true)} className="doc-toolbar__select">
            Select
          </Button>
        )}
        {createItems.length > 0 && !small && (
          <ActionMenu
            items={createItems}
            onAction={create}
            button={{ type: "primary", icon: <PlusOutlined />, children: "Create New" }}
          />
        )}
      </div>
      <DocumentListFilters />
      {search && list.isSuccess && (
        <div className="doc-search-result">
          <Typography.Text strong>{totalRecord} Result(s) Found</Typography.Text>
          <Button size="small" type="link" icon={<CloseOutlined />} onClick={() => onSearch("")}>
            Clear search
          </Button>
        </div>
      )}
      <TabBar
        label="Document status"
        className="doc-status-tabs"
        activeKey={status === undefined ? "all" : String(status)}
        onChange={(key) => setStatus(key === "all" ? undefined : (Number(key) as DocumentStatus))}
        items={statusTabs}
      />
      {selecting && (
        <div className="selection-bar" role="toolbar" aria-label="Selection">
          <Typography.Text strong className="selection-bar__count">
            {selected.size} selected
          </Typography.Text>
          <Button size="small" loading={selectingAll} onClick={() => void selectAll()}>
            Select All
          </Button>
          {selected.size >= SELECT_ALL_LIMIT && totalRecord > selected.size && (
            <Typography.Text type="secondary" className="selection-bar__note">
              The first {SELECT_ALL_LIMIT} of {totalRecord} matching documents are selected
            </Typography.Text>
          )}
          <Button size="small" onClick={() => setSelected(new Map())}>
            None
          </Button>
          <span className="selection-bar__spacer" />
          <ExplainedButton
            size="small"
            icon={<DownloadOutlined />}
            unavailableBecause={
              selectedRows.length === 0
                ? "Select one or more documents first"
                : allDownloadable
                  ? undefined
                  : "Only completed, signed or pending-signature documents with a PDF or Word file can be downloaded"
            }
            loading={zipping}
            onClick={() => void downloadSelected()}
          >
            Download
          </ExplainedButton>
          {section !== ORGANISATION_DOCUMENTS && (
            <ExplainedButton
              size="small"
              unavailableBecause={whyNot("share", "added to a shared folder")}
              onClick={() => openDialog({ kind: "share-documents", documents: selectedRows })}
            >
              Add To
            </ExplainedButton>
          )}
          {section === MY_DOCUMENTS && (
            <ExplainedButton
              size="small"
              unavailableBecause={whyNot("move", "moved")}
              onClick={() => openDialog({ kind: "move-documents", documents: selectedRows, section })}
            >
              Move To
            </ExplainedButton>
          )}
          {section !== ORGANISATION_DOCUMENTS && (
            <ExplainedButton
              size="small"
              danger
              unavailableBecause={whyNot("delete", "deleted")}
              onClick={() => openDialog({ kind: "delete-documents", documents: selectedRows, section })}
            >
              Delete
            </ExplainedButton>
          )}
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label="Close selection"
            onClick={closeSelection}
          />
        </div>
      )}
      <InfiniteScrollList
        pages={{
          // Whether the list fills its box is measured on the rows shown: until they have caught
          // up with the answer, there is nothing to measure, and no next page is asked for.
          hasNextPage: list.hasNextPage && shownPages === list.data,
          isFetchingNextPage: list.isFetchingNextPage,
          fetchNextPage: list.fetchNextPage,
        }}
        loaded={rows.length}
        className="doc-list__scroller"
        testId="document-list"
      >
        {listBody}
      </InfiniteScrollList>
      {small && createItems.length > 0 && <CreateFloatButtons items={createItems} onCreate={create} />}
    </section>
  );
}
