import { CloseOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Input, Select } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { productsQuery } from "../../api/catalogue";
import { MountLater } from "../../components/MountLater";
import { useDebounced } from "../../components/use-debounced";
import { DOCUMENT_SEARCH_DEBOUNCE_MS } from "../../constants";
import { useDocumentsAddress } from "./use-documents-address";

/**
 * The list's template and client filters, as the address holds them: the list and its status
 * counts are asked for with them (the server filters; a stored client name, not the answers).
 */
export function useDocumentListFilters() {
  const [{ template, client }] = useDocumentsAddress();
  return { template, client, active: template !== "" || client !== "" };
}

const NO_PRODUCT_FILTERS = { categoryIds: [], search: "" };
/** What the client filter matches, said where it is typed (it is no search of the answers). */
export const CLIENT_FILTER_HINT =
  "Lists the documents whose client, the first party named in the interview, contains this text.";
const CLIENT_FILTER_HINT_ID = "document-client-filter-hint";

/**
 * Filter by template and by client (the first party's name in the answers), beside the status
 * tabs. Both are kept in the address, like the tab, folder and search, so a filtered list can be
 * reloaded, shared and gone back to.
 */
export function DocumentListFilters() {
  const [address, setAddress] = useDocumentsAddress();
  // The catalogue is asked for when the template filter is first focused or opened (or names a
  // template already): not one of the list's own first requests, for a filter most views never use.
  const [templatesWanted, setTemplatesWanted] = useState(false);
  const products = useQuery(productsQuery(NO_PRODUCT_FILTERS, templatesWanted || address.template !== ""));
  const templates = useMemo(() => {
    const byIdentifier = new Map<string, string>();
    for (const product of products.data?.rows ?? []) {
      if (!byIdentifier.has(product.template_identifier))
        byIdentifier.set(product.template_identifier, product.name);
    }
    return [...byIdentifier]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [products.data]);

  const [text, setText] = useState(address.client);
  const debounced = useDebounced(text, DOCUMENT_SEARCH_DEBOUNCE_MS);
  // The address changed from elsewhere (Clear filters, back button): follow it.
  const lastSent = useRef(address.client);
  useEffect(() => {
    if (address.client !== lastSent.current) {
      lastSent.current = address.client;
      setText(address.client);
    }
  }, [address.client]);
  useEffect(() => {
    const trimmed = debounced.trim();
    if (trimmed !== lastSent.current) {
      lastSent.current = trimmed;
      setAddress({ client: trimmed }, { replace: true });
    }
  }, [debounced, setAddress]);

  const active = address.template !== "" || address.client !== "";
  return (
    <fieldset className="doc-filters" aria-label="Filters">
      <MountLater placeholder={<div className="doc-filters__template control-placeholder" />}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="All templates"
          aria-label="Filter by template"
          className="doc-filters__template"
          loading={products.isFetching}
          onFocus={() => setTemplatesWanted(true)}
          onOpenChange={(open) => {
            if (open) setTemplatesWanted(true);
          }}
          value={address.template || undefined}
          onChange={(value?: string) => setAddress({ template: value ?? "" }, { replace: true })}
          options={
            // A template in the address but not (or not yet) in the catalogue still shows its name.
            address.template && !templates.some((t) => t.value === address.template)
              ? [...templates, { value: address.template, label: address.template }]
              : templates
          }
          popupMatchSelectWidth={false}
        />
      </MountLater>
      <Input
        allowClear
        placeholder="Client: first party's name"
        aria-label="Filter by client name"
        aria-describedby={CLIENT_FILTER_HINT_ID}
        title={CLIENT_FILTER_HINT}
        className="doc-filters__client"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => {
          const trimmed = text.trim();
          lastSent.current = trimmed;
          setAddress({ client: trimmed }, { replace: true });
        }}
      />
      <span id={CLIENT_FILTER_HINT_ID} className="visually-hidden">
        {CLIENT_FILTER_HINT}
      </span>
      {active && (
        <Button
          type="link"
          size="small"
          icon={<CloseOutlined />}
          onClick={() => {
            lastSent.current = "";
            setText("");
            setAddress({ template: "", client: "" }, { replace: true });
          }}
        >
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
