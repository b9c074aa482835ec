import {
  ImportOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import {
  FUND_CHANGE_TEXT,
  FUND_CHANGE_TITLE,
  type FundContactRelation,
  INTEGRATION_IMPORT_FAILED,
  INTEGRATION_IMPORT_MISMATCH,
  INTEGRATION_IMPORTED,
  INTEGRATION_LIST_PAGE_SIZE,
  INTEGRATION_SEARCH_DEBOUNCE_MS,
  type IntegrationApp,
  type IntegrationAppSlug,
  type IntegrationClient,
  type IntegrationClientDetail,
  type IntegrationClientType,
  integrationDisplayName,
  SF360_FUND_EXISTS,
  type SimpleFundContact,
} from "@precedent/contracts";
import { type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  App,
  Button,
  Descriptions,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Radio,
  Select,
  Spin,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { isApiError } from "../../api/client";
import {
  clientDetail,
  clientsPage,
  connectedAppsQuery,
  fundContactsPage,
  fundOnSimpleFund,
  importClient,
  isConnected,
} from "./api";
import { CONTACT_TYPE_OPTIONS } from "./contact-types";
import { FundDetails } from "./FundDetails";
import {
  ADDRESS_ALREADY_IMPORTED,
  ADDRESS_RESET,
  ADDRESS_RESET_CONFIRM,
  importedAddressFields,
  resetAddress,
} from "./reset-address";
import "./integrations.css";

/** Spec §4: the connected apps are fetched again every 60 s on the interview page. */
export const CONNECTED_REFRESH_MS = 60_000;
/** The apps whose clients Import Client offers, and the fund app of Select Fund. */
const CLIENT_APPS: readonly IntegrationAppSlug[] = ["xero", "hubspot", "bglcas360"];
export const FUND_APP: IntegrationAppSlug = "bglsf360";
const FUND_TYPE: IntegrationClientType = "Self Managed Superannuation Fund";
/** What each client type fills (mirrors the server's mapping: a fund fills a trust). */
const PARTY_OF_TYPE: Record<IntegrationClientType, string> = {
  Individual: "individual",
  Company: "company",
  Trust: "trust",
  "Self Managed Superannuation Fund": "trust",
  SOLE_TRADER: "individual",
};
/**
 * The client list is asked for one contact type (the server refuses none: 'no contact type'); it
 * starts at the type that fills the first party question.
 */
const firstTypeFor = (parties: PartyTarget[]): IntegrationClientType => {
  const partyType = parties[0]?.partyTypes[0];
  return partyType === "individual" ? "Individual" : partyType === "trust" ? "Trust" : "Company";
};

export type PartyTarget = { id: string; label: string; partyTypes: readonly string[] };
type Imported = { answers: Record<string, unknown>; replace: boolean };

function useDebounced(value: string) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value.trim()), INTEGRATION_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
}

function ClientDetailTabs({ detail }: { detail: IntegrationClientDetail }) {
  const copy = (text: string | null) => (text ? <Typography.Text copyable>{text}</Typography.Text> : "—");
  return (
    <Tabs
      items={[
        {
          key: "general",
          label: "General Infomation",
          children: detail.fund ? (
            <FundDetails detail={detail} fund={detail.fund} />
          ) : (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="Name">{copy(detail.name)}</Descriptions.Item>
              <Descriptions.Item label="Type">{detail.type}</Descriptions.Item>
              {detail.acn && <Descriptions.Item label="ACN">{copy(detail.acn)}</Descriptions.Item>}
              {detail.abn && <Descriptions.Item label="ABN">{copy(detail.abn)}</Descriptions.Item>}
              {detail.dob && <Descriptions.Item label="Date of birth">{detail.dob}</Descriptions.Item>}
              <Descriptions.Item label="Address">
                {copy(detail.address?.full_address ?? null)}
              </Descriptions.Item>
              <Descriptions.Item label="System">{detail.system}</Descriptions.Item>
            </Descriptions>
          ),
        },
        {
          key: "contacts",
          label: "Contacts",
          children: (
            <List
              size="small"
              dataSource={detail.contacts}
              locale={{ emptyText: <Empty description="No contacts" /> }}
              renderItem={(c) => (
                <List.Item>
                  {c.full_name} — {c.position}
                  {c.appointed_on ? ` (appointed ${c.appointed_on})` : ""}
                </List.Item>
              )}
            />
          ),
        },
        {
          key: "relationships",
          label: "Relationships",
          children: (
            <List
              size="small"
              dataSource={detail.related}
              locale={{ emptyText: <Empty description="No relationships" /> }}
              renderItem={(r) => (
                <List.Item>
                  {r.related_client_name} — {r.relation}
                </List.Item>
              )}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * Import Client and Select Fund, in two steps: the list (data provider, tenant, contact type, search,
 * Reset list, View detail) and the detail ('General Infomation', 'Contacts', 'Relationships').
 */
function ClientPicker({
  teamId,
  docId,
  mode,
  providers,
  parties,
  currentFundName,
  onClose,
  onImported,
}: {
  teamId: number;
  docId: number;
  mode: "client" | "fund";
  providers: IntegrationApp[];
  parties: PartyTarget[];
  currentFundName?: string;
  onClose: () => void;
  onImported: (imported: Imported, detail: IntegrationClientDetail) => void;
}) {
  const { message, modal } = App.useApp();
  const [provider, setProvider] = useState(providers[0]?.slug ?? FUND_APP);
  const startType = mode === "fund" ? FUND_TYPE : firstTypeFor(parties);
  const [type, setType] = useState<IntegrationClientType>(startType);
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText);
  const [selected, setSelected] = useState<IntegrationClient>();
  const [detailOf, setDetailOf] = useState<IntegrationClient>();
  const [target, setTarget] = useState<string>();
  const [importing, setImporting] = useState(false);
  const tenant = providers.find((p) => p.slug === provider)?.tenant_name;

  const list = useInfiniteQuery({
    queryKey: ["integrations", "clients", teamId, provider, type, search],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      clientsPage(teamId, provider, { search: search || undefined, type, page: pageParam }, signal),
    getNextPageParam: (last, all) =>
      last.length === INTEGRATION_LIST_PAGE_SIZE ? all.length + 1 : undefined,
  });
  const rows = list.data?.pages.flat() ?? [];
  const detail = useQuery({
    queryKey: ["integrations", "client", teamId, provider, detailOf?.id],
    enabled: detailOf !== undefined,
    queryFn: ({ signal }) => clientDetail(teamId, provider, detailOf?.id ?? "", signal),
  });

  const fitting = (client?: IntegrationClient) =>
    client ? parties.find((p) => p.partyTypes.includes(PARTY_OF_TYPE[client.type])) : undefined;
  const chosen = detailOf ?? selected;
  const questionId = mode === "fund" ? "fund" : (target ?? fitting(chosen)?.id ?? parties[0]?.id ?? "");

  const runImport = async (client: IntegrationClient, replace: boolean) => {
    setImporting(true);
    try {
      const result = await importClient(teamId, provider, {
        doc_id: docId,
        client_id: client.id,
        question_id: questionId,
      });
      const shown = await clientDetail(teamId, provider, client.id).catch(() => undefined);
      if (shown) onImported({ answers: result.answers, replace }, shown);
      void message.success(INTEGRATION_IMPORTED);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.message.startsWith(INTEGRATION_IMPORT_MISMATCH)) {
        // The spec's words as the title, the server's reason (which fields did not match) below.
        // 'Try again' goes back to the picker, which stays open behind this.
        const why = error.message.slice(INTEGRATION_IMPORT_MISMATCH.length).replace(/^\.\s*/, "");
        modal.error({ title: INTEGRATION_IMPORT_MISMATCH, content: why || undefined, okText: "Try again" });
      } else void message.error(INTEGRATION_IMPORT_FAILED);
    } finally {
      setImporting(false);
    }
  };

  const onImport = () => {
    if (!chosen) return;
    if (mode === "fund" && currentFundName && currentFundName !== chosen.name) {
      modal.confirm({
        title: FUND_CHANGE_TITLE,
        content: FUND_CHANGE_TEXT,
        okText: "Confirm",
        cancelText: "Cancel",
        onOk: () => runImport(chosen, true),
      });
      return;
    }
    void runImport(chosen, false);
  };

  const title = mode === "fund" ? "Select Fund" : "Import Client";
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={720}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          {detailOf ? <Button onClick={() => setDetailOf(undefined)}>Back to list</Button> : <span />}
          <Flex gap={8}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" disabled={!chosen || !questionId} loading={importing} onClick={onImport}>
              {mode === "fund" ? "Select" : "Import"}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {detailOf ? (
        detail.data ? (
          <ClientDetailTabs detail={detail.data} />
        ) : (
          <Spin />
        )
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center">
            {mode === "client" && (
              <Select
                aria-label="Data provider"
                value={provider}
                style={{ minWidth: 160 }}
                options={providers.map((p) => ({ value: p.slug, label: integrationDisplayName(p.slug) }))}
                onChange={(value) => {
                  setProvider(value);
                  setSelected(undefined);
                }}
              />
            )}
            {tenant && <Typography.Text type="secondary">Tenant: {tenant}</Typography.Text>}
            {mode === "client" && (
              <Select
                aria-label="Contact type"
                placeholder="Contact type"
                value={type}
                style={{ minWidth: 200 }}
                options={CONTACT_TYPE_OPTIONS}
                onChange={(value) => {
                  setType(value);
                  setSelected(undefined);
                }}
              />
            )}
          </Flex>
          <Flex gap={8}>
            <Input.Search
              aria-label={mode === "fund" ? "Search fund name" : "Search client name"}
              placeholder={mode === "fund" ? "Search fund name" : "Search client name"}
              allowClear
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <Button
              onClick={() => {
                setSearchText("");
                setType(startType);
                setSelected(undefined);
              }}
            >
              Reset list
            </Button>
          </Flex>
          <div
            className="integration-client-list"
            onScroll={(event) => {
              const box = event.currentTarget;
              if (
                box.scrollTop + box.clientHeight >= box.scrollHeight - 40 &&
                list.hasNextPage &&
                !list.isFetchingNextPage
              )
                void list.fetchNextPage();
            }}
          >
            <List
              loading={list.isPending}
              dataSource={rows}
              locale={{
                // A refused list (spec §8: the server's message, e.g. 'no contact type') is an empty one.
                emptyText: (
                  <Empty
                    description={
                      list.isError ? list.error.message : mode === "fund" ? "No funds" : "No clients"
                    }
                  />
                ),
              }}
              renderItem={(client) => (
                <List.Item
                  className={
                    client.id === selected?.id
                      ? "integration-client-list__row is-selected"
                      : "integration-client-list__row"
                  }
                  actions={[
                    <Button
                      key="detail"
                      type="link"
                      onClick={() => setDetailOf(client)}
                      aria-label={`View detail of ${client.name}`}
                    >
                      View detail
                    </Button>,
                  ]}
                >
                  <button
                    type="button"
                    className="integration-client-list__pick"
                    aria-pressed={client.id === selected?.id}
                    onClick={() => {
                      setSelected(client);
                      setTarget(undefined);
                    }}
                  >
                    <span>{client.name}</span>{" "}
                    {mode === "fund" ? (
                      <Typography.Text type="secondary">
                        Entity Code: {client.code ?? client.id}
                      </Typography.Text>
                    ) : (
                      <Tag>{client.type}</Tag>
                    )}
                  </button>
                </List.Item>
              )}
            />
            {list.isFetchingNextPage && <Spin size="small" />}
          </div>
          {mode === "client" && (
            <ImportInto id="import-into-label" targets={parties} value={questionId} onChange={setTarget} />
          )}
        </Flex>
      )}
    </Modal>
  );
}

/**
 * Select Member/Trustee: the chosen fund's people on Simple Fund 360 (members or trustees, by
 * name), one of them imported as an individual into a party question or a group of parties (the
 * fund's members, its trustees). The interview is saved first, so the group keeps what the person
 * has entered.
 */
function FundContactPicker({
  teamId,
  docId,
  fundName,
  targets,
  onClose,
  onImported,
  saveFirst,
}: {
  teamId: number;
  docId: number;
  fundName: string;
  targets: PartyTarget[];
  onClose: () => void;
  onImported: (imported: Imported) => void;
  saveFirst?: () => Promise<boolean>;
}) {
  const { message } = App.useApp();
  const [relation, setRelation] = useState<FundContactRelation | "all">("all");
  const [searchText, setSearchText] = useState("");
  const name = useDebounced(searchText);
  const [selected, setSelected] = useState<SimpleFundContact>();
  const [target, setTarget] = useState<string>();
  const [importing, setImporting] = useState(false);

  // The interview holds the fund's name; its id on Simple Fund 360 is the fund of that name.
  const fund = useQuery({
    queryKey: ["integrations", "fund-by-name", teamId, fundName],
    queryFn: async ({ signal }) => {
      const found = await clientsPage(
        teamId,
        FUND_APP,
        { search: fundName, type: FUND_TYPE, page: 1 },
        signal,
      );
      return found.find((f) => f.name.trim().toLowerCase() === fundName.trim().toLowerCase()) ?? null;
    },
  });
  const fundId = fund.data?.id;
  const list = useInfiniteQuery({
    queryKey: ["integrations", "fund-contacts", teamId, fundId, relation, name],
    enabled: fundId !== undefined,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      fundContactsPage(
        teamId,
        fundId ?? "",
        {
          entityRelation: relation === "all" ? undefined : relation,
          name: name || undefined,
          page: pageParam,
        },
        signal,
      ),
    getNextPageParam: (last, all) =>
      last.length === INTEGRATION_LIST_PAGE_SIZE ? all.length + 1 : undefined,
  });
  const rows = list.data?.pages.flat() ?? [];
  // A member goes to the members by default, a trustee to the trustees; the person may choose.
  const fitting = (contact?: SimpleFundContact) =>
    contact ? targets.find((t) => t.id.includes(contact.type)) : undefined;
  const questionId = target ?? fitting(selected)?.id ?? targets[0]?.id ?? "";

  const onSelect = async () => {
    if (!selected || !fundId) return;
    setImporting(true);
    try {
      if (saveFirst && !(await saveFirst())) throw new Error("not saved");
      const result = await importClient(teamId, FUND_APP, {
        doc_id: docId,
        client_id: fundId,
        contact_id: selected.id,
        question_id: questionId,
      });
      onImported({ answers: result.answers, replace: false });
      void message.success(INTEGRATION_IMPORTED);
      onClose();
    } catch {
      void message.error(INTEGRATION_IMPORT_FAILED);
    } finally {
      setImporting(false);
    }
  };

  return (
    <Modal
      open
      title="Select Member/Trustee"
      onCancel={onClose}
      width={720}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            disabled={!selected || !questionId}
            loading={importing}
            onClick={() => void onSelect()}
          >
            Select
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">Fund: {fundName}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <Radio.Group
            aria-label="Member or trustee"
            optionType="button"
            value={relation}
            options={[
              { value: "all", label: "All" },
              { value: "member", label: "Member" },
              { value: "trustee", label: "Trustee" },
            ]}
            onChange={(event) => {
              setRelation(event.target.value);
              setSelected(undefined);
            }}
          />
          <Input.Search
            aria-label="Search"
            placeholder="Search"
            allowClear
            style={{ flex: 1, minWidth: 200 }}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </Flex>
        <div
          className="integration-client-list"
          onScroll={(event) => {
            const box = event.currentTarget;
            if (
              box.scrollTop + box.clientHeight >= box.scrollHeight - 40 &&
              list.hasNextPage &&
              !list.isFetchingNextPage
            )
              void list.fetchNextPage();
          }}
        >
          {fund.isSuccess && !fund.data ? (
            <Empty description="This fund is not on Simple Fund 360." />
          ) : (
            <List
              loading={fund.isPending || (fundId !== undefined && list.isPending)}
              dataSource={rows}
              locale={{ emptyText: <Empty description="No contacts" /> }}
              renderItem={(contact) => (
                <List.Item
                  className={
                    contact.id === selected?.id
                      ? "integration-client-list__row is-selected"
                      : "integration-client-list__row"
                  }
                >
                  <button
                    type="button"
                    className="integration-client-list__pick"
                    aria-pressed={contact.id === selected?.id}
                    onClick={() => {
                      setSelected(contact);
                      setTarget(undefined);
                    }}
                  >
                    <span>{contact.name}</span> <Tag>{contact.relation}</Tag>
                  </button>
                </List.Item>
              )}
            />
          )}
          {list.isFetchingNextPage && <Spin size="small" />}
        </div>
        <ImportInto
          id="contact-import-into-label"
          targets={targets}
          value={questionId}
          onChange={setTarget}
        />
      </Flex>
    </Modal>
  );
}

/**
 * The interview's floating buttons for practice software (spec §2): Import Client and View Client
 * Details while a client app is connected; Select Fund while Simple Fund 360 is, and Select
 * Member/Trustee once a fund is chosen. Validate with Simple Fund 360 is in the top bar
 * (useSimpleFundActions).
 */
export function InterviewIntegrations({
  teamId,
  docId,
  parties,
  contactTargets = [],
  currentFundName,
  hasFundQuestions,
  onImported,
  saveFirst,
  currentAnswers,
}: {
  teamId: number;
  docId: number;
  parties: PartyTarget[];
  /** Where a fund's member or trustee can go: parties and groups of parties that take individuals. */
  contactTargets?: PartyTarget[];
  currentFundName?: string;
  hasFundQuestions: boolean;
  onImported: (imported: Imported) => void;
  /** Saves the interview before Select Member/Trustee imports into a group; false when it could not. */
  saveFirst?: () => Promise<boolean>;
  /** The interview's answers now, for Reset Address. */
  currentAnswers?: () => Record<string, unknown>;
}) {
  const { message, modal } = App.useApp();
  /** What the last import wrote, for Reset Address (this visit of the page only). */
  const [lastImport, setLastImport] = useState<Record<string, unknown>>();
  const imported = (result: Imported) => {
    setLastImport(result.answers);
    onImported(result);
  };
  const connected = useQuery({ ...connectedAppsQuery(teamId), refetchInterval: CONNECTED_REFRESH_MS });
  const [open, setOpen] = useState<"client" | "fund" | "details" | "contact">();
  const [last, setLast] = useState<IntegrationClientDetail>();
  const live = (connected.data ?? []).filter((a) => a.status === "connected");
  const clientApps = live.filter((a) => CLIENT_APPS.includes(a.slug));
  const fundApp = live.filter((a) => a.slug === FUND_APP);
  const showClient = clientApps.length > 0 && parties.length > 0;
  const showFund = fundApp.length > 0 && hasFundQuestions;
  const chosenFund = currentFundName?.trim();
  const showContacts = fundApp.length > 0 && Boolean(chosenFund) && contactTargets.length > 0;
  const canResetAddress =
    Boolean(currentAnswers) && lastImport !== undefined && importedAddressFields(lastImport).length > 0;
  if (!showClient && !showFund && !showContacts) return null;

  /** Reset Address: the imported address back, asking first when it would undo the person's edits. */
  function resetImportedAddress() {
    if (!lastImport || !currentAnswers) return;
    const reset = resetAddress(currentAnswers(), lastImport);
    if (!reset.changed) {
      message.info(ADDRESS_ALREADY_IMPORTED);
      return;
    }
    const apply = () => {
      onImported({ answers: reset.answers, replace: true });
      message.success(ADDRESS_RESET);
    };
    if (!reset.discardsEdits) apply();
    else
      modal.confirm({
        title: "Reset Address",
        content: ADDRESS_RESET_CONFIRM,
        okText: "Reset Address",
        cancelText: "Cancel",
        onOk: apply,
      });
  }

  return (
    <>
      <nav className="interview-float" aria-label="Practice software">
        {showClient && (
          <Button icon={<ImportOutlined />} onClick={() => setOpen("client")}>
            Import Client
          </Button>
        )}
        {showClient && last && (
          <Button icon={<ProfileOutlined />} onClick={() => setOpen("details")}>
            View Client Details
          </Button>
        )}
        {canResetAddress && (
          <Button icon={<UndoOutlined />} onClick={resetImportedAddress}>
            Reset Address
          </Button>
        )}
        {showFund && (
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen("fund")}>
            Select Fund
          </Button>
        )}
        {showContacts && (
          <Button icon={<TeamOutlined />} onClick={() => setOpen("contact")}>
            Select Member/Trustee
          </Button>
        )}
      </nav>
      {(open === "client" || open === "fund") && (
        <ClientPicker
          teamId={teamId}
          docId={docId}
          mode={open}
          providers={open === "fund" ? fundApp : clientApps}
          parties={parties}
          currentFundName={currentFundName}
          onClose={() => setOpen(undefined)}
          onImported={(result, detail) => {
            setLast(detail);
            imported(result);
          }}
        />
      )}
      {open === "contact" && chosenFund && (
        <FundContactPicker
          teamId={teamId}
          docId={docId}
          fundName={chosenFund}
          targets={contactTargets}
          onClose={() => setOpen(undefined)}
          onImported={imported}
          saveFirst={saveFirst}
        />
      )}
      {open === "details" && last && (
        <Modal open title={last.name} onCancel={() => setOpen(undefined)} footer={null} width={720}>
          <ClientDetailTabs detail={last} />
        </Modal>
      )}
    </>
  );
}

/**
 * On assembling (spec §8): when the document's fund is already on SF 360, says that later changes
 * will not be synced. `acted` is the document's recorded Simple Fund 360 action (is_sf_action): then
 * it is said without asking SF 360; otherwise only when the person's Simple Fund 360 is connected
 * and finds the fund. Never holds the assembly up.
 */
export async function noteFundAlreadyOnSimpleFund(
  queryClient: QueryClient,
  teamId: number,
  docId: number,
  warn: (text: string) => void,
  acted = false,
) {
  if (acted) {
    warn(SF360_FUND_EXISTS);
    return;
  }
  try {
    const apps = await queryClient.fetchQuery(connectedAppsQuery(teamId));
    if (!isConnected(apps, FUND_APP)) return;
    const fund = await fundOnSimpleFund(teamId, docId);
    if (fund.exists) warn(SF360_FUND_EXISTS);
  } catch {
    // The note is advice only: a fund app that cannot be reached does not stop the assembly.
  }
}

/** 'Import into': the party question (or group) an imported client or contact fills. */
function ImportInto({
  id,
  targets,
  value,
  onChange,
}: {
  id: string;
  targets: readonly { id: string; label: string }[];
  value: string | undefined;
  onChange: (questionId: string) => void;
}) {
  if (targets.length === 0) return null;
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text id={id}>Import into</Typography.Text>
      <Select
        aria-labelledby={id}
        style={{ minWidth: 240 }}
        value={value || undefined}
        options={targets.map((t) => ({ value: t.id, label: t.label }))}
        onChange={onChange}
      />
    </Flex>
  );
}
