import { integrationDisplayName } from "@precedent/contracts";

/**
 * A log entry's Request or Response as a person reads it: each field on its own line under a
 * label in words, nested values indented, an app by its name. Raw JSON with the services' own
 * keys and slugs ("client_id", "xero") was what the detail used to show.
 */
const LABELS: Record<string, string> = {
  app: "App",
  status: "Status code",
  doc_id: "Document ID",
  client_id: "Client ID in the app",
  contact_id: "Contact ID in the app",
  question_id: "Interview question",
  client_type: "Client type",
  certificate_upload: "Certificate upload",
  tenant_id: "Organisation ID",
  file_name: "File",
  description: "Description",
};

export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function text(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (key === "app" && typeof value === "string") return integrationDisplayName(value);
  return String(value);
}

export function LogFields({ value, label }: { value: Record<string, unknown>; label: string }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <span className="log-fields__empty">Nothing recorded</span>;
  return (
    <dl className="log-fields" aria-label={label}>
      {entries.map(([key, field]) => (
        <div key={key} className="log-fields__row">
          <dt>{fieldLabel(key)}</dt>
          <dd>
            {Array.isArray(field) ? (
              field.every((item) => typeof item !== "object" || item === null) ? (
                field.map((item) => text(key, item)).join(", ") || "—"
              ) : (
                field.map((item, index) => (
                  <LogFields
                    // biome-ignore lint/suspicious/noArrayIndexKey: a logged list's entries have no key of their own; their place is what tells them apart, and the list never changes
                    key={index}
                    value={item as Record<string, unknown>}
                    label={`${fieldLabel(key)} ${index + 1}`}
                  />
                ))
              )
            ) : typeof field === "object" && field !== null ? (
              <LogFields value={field as Record<string, unknown>} label={fieldLabel(key)} />
            ) : (
              text(key, field)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
