import { CloudUploadOutlined } from "@ant-design/icons";
import {
  API,
  INTEGRATION_SEARCH_DEBOUNCE_MS,
  type IntegrationAppSlug,
  type IntegrationClientType,
  IntegrationSyncResponse,
  integrationDisplayName,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Flex, Input, Modal, Radio, Select, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { callReadingReplyAs } from "../../api/call";
import { clientsPage, connectedAppsQuery } from "./api";
import { CONTACT_TYPE_OPTIONS } from "./contact-types";
import "./integrations.css";

/** The apps a document can be synced to (spec §2: the accounting or practice-manager app, and the CRM). */
const DESTINATIONS: readonly IntegrationAppSlug[] = ["xero", "hubspot"];

/** The caller's connected apps that the server says take documents. */
export function useSyncDestinations(teamId: number) {
  const connected = useQuery({ ...connectedAppsQuery(teamId), enabled: teamId > 0 });
  return (connected.data ?? []).filter((a) => a.abilities.sync_document && DESTINATIONS.includes(a.slug));
}

/** Sync Document as a button (the assembly's download view), opening the dialog below. */
export function SyncDocumentButton({ teamId, docId }: { teamId: number; docId: number }) {
  const destinations = useSyncDestinations(teamId);
  const [open, setOpen] = useState(false);
  if (destinations.length === 0) return null;
  return (
    <>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
        Sync Document
      </Button>
      {open && <SyncDocumentDialog teamId={teamId} docId={docId} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Sync Document (spec §2): destination, description, contact type, client search and list. The
 * server queues the assembled PDF; the document logs show each attempt. Also offered in the
 * document list's menu for a completed document.
 */
export function SyncDocumentDialog({
  teamId,
  docId,
  onClose,
}: {
  teamId: number;
  docId: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const destinations = useSyncDestinations(teamId);
  const open = true;
  const [destination, setDestination] = useState<IntegrationAppSlug>();
  const [description, setDescription] = useState("");
  // The client list is asked for one contact type (the server refuses none: 'no contact type').
  const [type, setType] = useState<IntegrationClientType>("Company");
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [clientId, setClientId] = useState<string>();
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(searchText.trim()), INTEGRATION_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);
  const app = destination ?? destinations[0]?.slug;
  const clients = useQuery({
    queryKey: ["integrations", "sync-clients", teamId, app, type, search],
    enabled: open && app !== undefined,
    queryFn: ({ signal }) =>
      clientsPage(teamId, app ?? "xero", { page: 1, limit: 100, type, search: search || undefined }, signal),
  });
  const send = async () => {
    if (!app || !clientId) return;
    setSending(true);
    try {
      await callReadingReplyAs(API.integrations.sync, IntegrationSyncResponse.passthrough(), {
        params: { app },
        query: { id_team: teamId },
        body: { doc_id: docId, client_id: clientId, description },
      });
      // The queue's id means nothing to the person: the app's name and where to look do.
      const appName = integrationDisplayName(app);
      void message.success(`Queued for ${appName}. The Document Logs show when it is sent.`);
      onClose();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {open && (
        <Modal
          open
          title="Sync Document"
          onCancel={onClose}
          okText="Sync"
          okButtonProps={{ disabled: !clientId, loading: sending }}
          onOk={() => void send()}
        >
          <Flex vertical gap={12}>
            <Select
              aria-label="Destination"
              value={app}
              options={destinations.map((d) => ({ value: d.slug, label: integrationDisplayName(d.slug) }))}
              onChange={(value) => {
                setDestination(value);
                setClientId(undefined);
              }}
            />
            <Input
              aria-label="Description"
              placeholder="Description"
              maxLength={500}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <Select
              aria-label="Contact type"
              placeholder="Contact type"
              value={type}
              options={CONTACT_TYPE_OPTIONS}
              onChange={(value) => {
                setType(value);
                setClientId(undefined);
              }}
            />
            <Input.Search
              aria-label="Search client name"
              placeholder="Search client name"
              allowClear
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <div className="integration-client-list">
              {clients.isPending ? (
                <Spin />
              ) : clients.isError ? (
                // A refused list (spec §8: the server's message, e.g. 'no contact type') is an empty one.
                <Typography.Text type="secondary">{clients.error.message}</Typography.Text>
              ) : (
                <Radio.Group
                  value={clientId}
                  onChange={(event) => setClientId(event.target.value)}
                  aria-label="Client"
                >
                  <Flex vertical gap={4}>
                    {(clients.data ?? []).map((c) => (
                      <Radio key={c.id} value={c.id}>
                        {c.name} <Typography.Text type="secondary">({c.type})</Typography.Text>
                      </Radio>
                    ))}
                  </Flex>
                </Radio.Group>
              )}
            </div>
          </Flex>
        </Modal>
      )}
    </>
  );
}
