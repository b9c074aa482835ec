import { QUEUE_ASSIGNED_FILTERS, QUEUE_ASSIGNED_LABELS } from "@precedent/contracts";
import { Flex, Input, Select } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

type Assigned = (typeof QUEUE_ASSIGNED_FILTERS)[number];

/**
 * A queue's filters kept in the address (issue 37 item 7), so a filtered view can be shared:
 * `read` gives each named filter's value, `change` writes some (an empty value removes it) and
 * goes back to the first page; `page` moves through the pages with the filters kept.
 */
export function useQueueFilters<K extends string>(base: Record<string, string>, names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((n) => [n, params.get(n) || undefined])) as Record<
    K,
    string | undefined
  >;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const kept = (next: Partial<Record<K, string | undefined>>) => {
    const merged = { ...values, ...next } as Record<string, string | undefined>;
    return Object.fromEntries(
      Object.entries(merged).filter(([, v]) => v !== undefined && v !== ""),
    ) as Record<string, string>;
  };
  return {
    values,
    page,
    change: (next: Partial<Record<K, string | undefined>>) =>
      setParams({ ...base, ...kept(next) }, { replace: true }),
    toPage: (to: number) => setParams({ ...base, ...kept({}), page: String(to) }),
  };
}

export const assignedOf = (value: string | undefined) => QUEUE_ASSIGNED_FILTERS.find((a) => a === value);

/** The filters every queue shares: the firm by name and who has taken the item; the queue's own before. */
export function QueueFilterBar(props: {
  idPrefix: string;
  firm: string | undefined;
  assigned?: Assigned | undefined;
  onChange: (next: { firm?: string | undefined; assigned?: string | undefined }) => void;
  children?: ReactNode;
}) {
  const { idPrefix, firm, assigned, onChange } = props;
  return (
    <Flex gap={12} align="center" wrap className="console__filters">
      {props.children}
      <Flex gap={8} align="center">
        <label htmlFor={`${idPrefix}-firm`}>Firm</label>
        <Input.Search
          // A new address (a shared link, a cleared filter) starts the field again from it.
          key={firm ?? ""}
          id={`${idPrefix}-firm`}
          defaultValue={firm}
          placeholder="Part of the firm's name"
          allowClear
          maxLength={120}
          enterButton="Filter"
          onSearch={(value) => onChange({ firm: value.trim() || undefined })}
          style={{ width: 280, maxWidth: "100%" }}
        />
      </Flex>
      {"assigned" in props && (
        <Flex gap={8} align="center">
          <label htmlFor={`${idPrefix}-assigned`}>Assigned</label>
          <Select<Assigned | "anyone">
            id={`${idPrefix}-assigned`}
            value={assigned ?? "anyone"}
            options={[
              { value: "anyone", label: "Anyone or nobody" },
              ...QUEUE_ASSIGNED_FILTERS.map((a) => ({ value: a, label: QUEUE_ASSIGNED_LABELS[a] })),
            ]}
            onChange={(value) => onChange({ assigned: value === "anyone" ? undefined : value })}
            style={{ minWidth: 180 }}
          />
        </Flex>
      )}
    </Flex>
  );
}
