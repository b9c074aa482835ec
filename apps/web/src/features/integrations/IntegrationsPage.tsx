import {
  INTEGRATION_COMING_SOON,
  INTEGRATION_DISCONNECTED,
  type IntegrationApp,
  integrationAppByName,
  integrationConnected,
  integrationConnectFailed,
  integrationDisconnectFailed,
  integrationDisplayName,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Empty, Input, Modal, Tabs, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useParams, useSearchParams } from "react-router";
import { useDebounced } from "../../components/use-debounced";
import { INTEGRATIONS_SEARCH_DEBOUNCE_MS } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import {
  authorisationLink,
  connectedAppsQuery,
  disconnectApp,
  exchangeCode,
  integrationGroupsQuery,
} from "./api";
import { IntegrationLogsSection } from "./IntegrationLogsSection";
import "./integrations.css";

/** Spec §9 Integrations. */
const STATUS_REFRESH_MS = 60_000;
const EMPTY_RETRY_DELAY_MS = 10_000;
const EMPTY_RETRIES = 3;
const POPUP_SIZE = 500;
const POPUP_WATCH_MS = 200;
const AFTER_CONNECT_REFETCH_MS = 1_000;

export const INTEGRATIONS_PATH = "/my-account/my-integration";

/** Said in the page that opened the consent popup when the person chose Deny. */
export const integrationConsentDenied = (app: string) =>
  `You did not allow Precedent to use your ${app} account, so it is not connected.`;

/** What the consent popup tells the page that opened it before it closes itself. */
type ConsentOutcome = {
  type: "precedent:integration-consent";
  app: string;
  outcome: "connected" | "denied" | "failed";
};
const isConsentOutcome = (data: unknown): data is ConsentOutcome =>
  typeof data === "object" &&
  data !== null &&
  (data as ConsentOutcome).type === "precedent:integration-consent";

/** my-account/my-integration/{appName}: to the page with app set (and connected=true after a code). */
export function IntegrationAppRedirect() {
  const { appName = "" } = useParams();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const app = integrationAppByName(appName);
  if (app) params.set("app", app.app);
  if (params.has("code") && !params.has("connected")) params.set("connected", "true");
  return <Navigate to={`${INTEGRATIONS_PATH}?${params}`} replace />;
}

const statusLabel = (app: IntegrationApp) =>
  app.status === "connected" ? (
    // Our own colours, as OutcomeTag's: antd's green and orange presets read below 4.5:1.
    <Tag style={{ color: "#1b5e20", background: "#e8f5e9", borderColor: "#81c784" }}>Connected</Tag>
  ) : app.status === "needs_renewal" ? (
    <Tag style={{ color: "#7a3e00", background: "#fff3e0", borderColor: "#ffb74d" }}>Needs renewing</Tag>
  ) : null;

/** /my-account/my-integration: the app cards by group, the detail modal, connect and disconnect. */
export function IntegrationsPage() {
  const { team } = useCurrentTeam();
  const teamId = team?.id ?? 0;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState("");
  const term = useDebounced(search, INTEGRATIONS_SEARCH_DEBOUNCE_MS).trim().toLowerCase();
  const emptyRetries = useRef(0);
  const exchanged = useRef<string | null>(null);

  const groups = useQuery({ ...integrationGroupsQuery(teamId), enabled: teamId > 0 });
  const connected = useQuery({
    ...connectedAppsQuery(teamId),
    enabled: teamId > 0,
    refetchInterval: STATUS_REFRESH_MS,
  });
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: ["integrations"] });

  // An empty connected list is asked for again up to 3 times, 10 s apart (spec §4).
  useEffect(() => {
    if (!connected.isSuccess || connected.data.length > 0 || emptyRetries.current >= EMPTY_RETRIES) return;
    const timer = window.setTimeout(() => {
      emptyRetries.current += 1;
      void connected.refetch();
    }, EMPTY_RETRY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [connected.isSuccess, connected.data, connected.refetch]);

  const allApps = groups.data?.flatMap((g) => g.apps) ?? [];
  // Matched on the name and the overview, so "practice" or "e-signing" find their apps; a group
  // with nothing left is hidden rather than shown with an empty heading.
  const matches = (app: IntegrationApp) =>
    term === "" ||
    integrationDisplayName(app.slug).toLowerCase().includes(term) ||
    app.app.toLowerCase().includes(term) ||
    app.overview.toLowerCase().includes(term);
  const shownGroups = (groups.data ?? [])
    .map((g) => ({ ...g, apps: g.apps.filter(matches) }))
    .filter((g) => g.apps.length > 0);
  const selected = allApps.find((a) => a.app.toLowerCase() === params.get("app")?.toLowerCase());

  // Back from the provider with a code: exchange it once, then tidy the address.
  useEffect(() => {
    const code = params.get("code");
    const state = params.get("state") ?? "";
    const error = params.get("error");
    const app = integrationAppByName(params.get("app") ?? "");
    if (!app || teamId === 0 || (!code && !error)) return;
    const key = `${code}:${state}:${error}`;
    if (exchanged.current === key) return;
    exchanged.current = key;
    // In the consent popup (opened by this page in another window), the outcome is told to the
    // opener and the popup closes, whatever it is: a denied consent once left the popup open and
    // the opener silent. Opened in this window (BGL's apps), the outcome is said here.
    const opener = window.opener as Window | null;
    const inPopup = opener !== null && !opener.closed;
    const finish = (outcome: ConsentOutcome["outcome"]) => {
      const next = new URLSearchParams(params);
      for (const k of ["code", "state", "error", "error_description", "connected", "scope", "session_state"])
        next.delete(k);
      setParams(next, { replace: true });
      if (inPopup) {
        const told: ConsentOutcome = { type: "precedent:integration-consent", app: app.name, outcome };
        opener.postMessage(told, window.location.origin);
        window.close();
        return;
      }
      sayOutcome(app.name, outcome);
      window.setTimeout(refreshAll, AFTER_CONNECT_REFETCH_MS);
    };
    if (error || !code) {
      finish(error === "access_denied" ? "denied" : "failed");
      return;
    }
    exchangeCode(teamId, app.slug, code, state)
      .then(() => finish("connected"))
      .catch(() => finish("failed"));
  });

  function sayOutcome(app: string, outcome: ConsentOutcome["outcome"]) {
    if (outcome === "connected") void message.success(integrationConnected(app));
    else if (outcome === "denied") void message.warning(integrationConsentDenied(app));
    else void message.error(integrationConnectFailed(app));
  }

  // The consent popup's outcome, from our own origin only.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isConsentOutcome(event.data)) return;
      sayOutcome(event.data.app, event.data.outcome);
      window.setTimeout(refreshAll, AFTER_CONNECT_REFETCH_MS);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  });

  const openApp = (app: IntegrationApp) => {
    const next = new URLSearchParams(params);
    next.set("app", app.app);
    setParams(next);
  };
  const closeModal = () => {
    const next = new URLSearchParams(params);
    next.delete("app");
    setParams(next);
  };

  async function connect(app: IntegrationApp) {
    if (app.is_active !== "1") {
      message.info(INTEGRATION_COMING_SOON);
      return;
    }
    setBusy(true);
    try {
      const { url } = await authorisationLink(teamId, app.slug);
      if (!app.opens_in_popup) {
        window.location.assign(url);
        return;
      }
      const left = window.screenX + (window.outerWidth - POPUP_SIZE) / 2;
      const top = window.screenY + (window.outerHeight - POPUP_SIZE) / 2;
      const popup = window.open(
        url,
        `connect-${app.slug}`,
        `width=${POPUP_SIZE},height=${POPUP_SIZE},left=${left},top=${top}`,
      );
      if (!popup) {
        message.error(integrationConnectFailed(integrationDisplayName(app.slug)));
        setBusy(false);
        return;
      }
      // The popup closes itself after connecting; watching it is how the page knows to refresh.
      const watch = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(watch);
        setBusy(false);
        window.setTimeout(refreshAll, AFTER_CONNECT_REFETCH_MS);
      }, POPUP_WATCH_MS);
    } catch {
      message.error(integrationConnectFailed(integrationDisplayName(app.slug)));
      setBusy(false);
    }
  }

  function confirmDisconnect(app: IntegrationApp) {
    modal.confirm({
      title: `Disconnect ${integrationDisplayName(app.slug)}?`,
      content: `Precedent will no longer read your clients from ${integrationDisplayName(app.slug)} or send documents to it, until you connect it again.`,
      okText: "Disconnect",
      okButtonProps: { danger: true },
      cancelText: "Cancel",
      onOk: () => disconnect(app),
    });
  }

  async function disconnect(app: IntegrationApp) {
    setBusy(true);
    try {
      await disconnectApp(teamId, app.slug);
      message.success(INTEGRATION_DISCONNECTED);
      await refreshAll();
    } catch {
      message.error(integrationDisconnectFailed(integrationDisplayName(app.slug)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <title>My Integrations · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          My Integrations
        </Typography.Title>
      </header>
      <Input.Search
        className="integrations__search"
        aria-label="Search integrations"
        placeholder="Search integrations"
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {groups.isSuccess && groups.data.length === 0 && <Empty />}
      {groups.isSuccess && groups.data.length > 0 && shownGroups.length === 0 && (
        <Empty description={`No integrations match "${term}".`} />
      )}
      {shownGroups.map((group) => (
        <section
          key={group.group_id}
          className="integrations__group"
          aria-labelledby={`group-${group.group_id}`}
        >
          <Typography.Title level={2} id={`group-${group.group_id}`} className="integrations__group-title">
            {group.group_name}
          </Typography.Title>
          <ul className="integrations__cards">
            {group.apps.map((app) => (
              <li key={app.slug}>
                <Card className="integrations__card" size="small">
                  <button type="button" className="integrations__card-button" onClick={() => openApp(app)}>
                    <span className="integrations__card-name">{integrationDisplayName(app.slug)}</span>
                    {statusLabel(app)}
                    <span className="integrations__card-overview">{app.overview}</span>
                  </button>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {teamId > 0 && <IntegrationLogsSection teamId={teamId} />}
      <Modal
        open={Boolean(selected)}
        title={selected && integrationDisplayName(selected.slug)}
        onCancel={closeModal}
        footer={
          selected && [
            selected.abilities.disconnect && (
              <Button key="disconnect" danger loading={busy} onClick={() => confirmDisconnect(selected)}>
                Disconnect
              </Button>
            ),
            selected.abilities.connect && (
              <Button key="connect" type="primary" loading={busy} onClick={() => void connect(selected)}>
                Connect
              </Button>
            ),
          ]
        }
      >
        {selected && (
          <>
            {statusLabel(selected)}
            {selected.tenant_name && (
              <Typography.Paragraph>Organisation: {selected.tenant_name}</Typography.Paragraph>
            )}
            <Tabs
              items={[
                { key: "overview", label: "Overview", children: <p>{selected.overview}</p> },
                {
                  key: "features",
                  label: "Integration key features",
                  children: (
                    <ul>
                      {selected.features.map((f) => (
                        <li key={f}>{f}</li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}
